import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakePull, startFakeGithub, type FakeGithub, type FakePull } from '../../sources/pulls/testing/fake-github.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

let dir: string;
let github: FakeGithub;

/**
 * Twelve pull requests each from Copilot and Devin: Copilot's 9 merged (6 with no change asked and no push
 * after review), 3 closed; Devin's 4 merged (1 in one shot), 8 closed.
 */
function agentPulls(): FakePull[] {
  const out: FakePull[] = [];
  const add = (n: number, login: string, merged: boolean, oneShot: boolean) => {
    const at = (h: number) => new Date(Date.UTC(2026, 3, 1) + (n * 24 + h) * 3_600_000).toISOString();
    out.push({
      pull: fakePull(n, {
        login,
        state: 'closed',
        created_at: at(0),
        updated_at: at(9),
        closed_at: at(9),
        merged_at: merged ? at(9) : null,
      }),
      reviews: [
        {
          user: { login: 'maintainer' },
          state: oneShot ? 'APPROVED' : 'CHANGES_REQUESTED',
          submitted_at: at(2),
        },
      ],
      // One commit before the review; a second after it unless it went in one shot.
      commits: [0, ...(oneShot ? [] : [4])].map((h) => ({
        sha: `${n}${h}`.padEnd(40, 'c'),
        commit: { message: `step ${h}`, author: { date: at(h) }, committer: { date: at(h) } },
        author: { login },
      })),
    });
  };
  for (let i = 0; i < 12; i++) add(i + 1, 'copilot-swe-agent[bot]', i < 9, i < 6);
  for (let i = 0; i < 12; i++) add(i + 101, 'devin-ai-integration[bot]', i < 4, i < 1);
  return out;
}

async function cli(...argv: string[]) {
  const io = captureIo(dir, { env: {} });
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-compare-pulls-'));
  github = await startFakeGithub({ repository: 'acme/app', pulls: agentPulls() });
});
afterEach(async () => {
  await github.close();
  await rm(dir, { recursive: true, force: true });
});

describe('compare --by agent over pull requests', () => {
  it('gives each agent its merge rate and one-shot rate with Wilson intervals, next to the scores', async () => {
    const db = join(dir, 's.db');
    const run = await cli('run', '--github', 'acme/app', '--github-url', github.baseUrl, '--db', db);
    expect(run.code, run.err).toBe(0);
    const { code, out, err } = await cli('compare', '--by', 'agent', '--db', db, '--json');
    expect(code, err).toBe(0);
    const report = JSON.parse(out) as {
      cohorts: {
        key: string;
        n: number;
        pulls: {
          merge: { k: number; n: number; rate: number; ciLow: number; ciHigh: number };
          oneShot: { k: number; n: number };
        };
      }[];
    };
    const by = Object.fromEntries(report.cohorts.map((c) => [c.key, c]));
    expect(by.copilot!.pulls.merge).toMatchObject({ k: 9, n: 12, rate: 0.75 });
    expect(by.copilot!.pulls.oneShot).toMatchObject({ k: 6, n: 12 });
    expect(by.devin!.pulls.merge).toMatchObject({ k: 4, n: 12, rate: 0.333 });
    expect(by.devin!.pulls.oneShot).toMatchObject({ k: 1, n: 12 });
    // Wilson 95% for 9 of 12: 0.468–0.911.
    expect(by.copilot!.pulls.merge).toMatchObject({ ciLow: 0.468, ciHigh: 0.911 });
    const table = await cli('compare', '--by', 'agent', '--db', db);
    expect(table.out).toContain('MERGED (95% CI)');
    expect(table.out).toContain('75% of 12 (46.8%–91.1%)');
  });

  it('says the fate is unknown for pull requests scored at evaluation time', async () => {
    const db = join(dir, 's.db');
    const run = await cli('run', '--github', 'acme/app', '--github-url', github.baseUrl, '--db', db, '--no-hindsight');
    expect(run.code, run.err).toBe(0);
    const table = await cli('compare', '--by', 'agent', '--db', db);
    expect(table.code, table.err).toBe(0);
    expect(table.out).toContain('12 fate unknown');
  });

  it('leads with what happened: fates kept by outcomes join an evaluation-time run, rates first, a sentence per pair', async () => {
    const db = join(dir, 's.db');
    const run = await cli('run', '--github', 'acme/app', '--github-url', github.baseUrl, '--db', db, '--no-hindsight');
    expect(run.code, run.err).toBe(0);
    const outcomes = await cli('outcomes', '--github', 'acme/app', '--github-url', github.baseUrl, '--db', db);
    expect(outcomes.code, outcomes.err).toBe(0);
    expect(outcomes.err).toContain('kept 24 fate(s)');
    const json = await cli('compare', '--by', 'agent', '--db', db, '--json', '--min-n', '5');
    const report = JSON.parse(json.out) as {
      outcomes: {
        cohorts: { key: string; fatesKnown: number; rates: { merged: { k: number; n: number } } }[];
        differences: { rate: string; clear: boolean; adjusted: unknown }[];
      };
    };
    const by = Object.fromEntries(report.outcomes.cohorts.map((c) => [c.key, c]));
    expect(by.copilot).toMatchObject({ fatesKnown: 12, rates: { merged: { k: 9, n: 12 } } });
    expect(by.devin).toMatchObject({ fatesKnown: 12, rates: { merged: { k: 4, n: 12 } } });
    const table = await cli('compare', '--by', 'agent', '--db', db, '--min-n', '5');
    expect(table.code, table.err).toBe(0);
    // The outcome table comes before the scores.
    expect(table.out.indexOf('what happened, by agent')).toBeLessThan(table.out.indexOf('AP (95% CI)'));
    expect(table.out).toMatch(/copilot's pull requests were merged 75% \(12\) vs devin's 33% \(12\); like for like/);
    const markdown = await cli('compare', '--by', 'agent', '--db', db, '--min-n', '5', '--format', 'markdown');
    // Every score is the same at evaluation time here, while the merge rates differ: said in words.
    expect(table.out).toContain('the scores and the outcomes disagree');
    expect(markdown.out).toContain('### taskeval: what happened, by agent');
    expect(markdown.out).toMatch(/^- copilot's pull requests were merged 75%/m);
  });
});
