import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { fakePull, startFakeGithub } from './sources/pulls/testing/fake-github.js';

const exec = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const DOC = readFileSync(join(root, 'docs/ci.md'), 'utf8');

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

/** The workflow block under "## The workflow" (or another heading). */
function workflow(heading = '## The workflow'): {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<string, { if?: string; steps: Step[] }> & { score: { steps: Step[] } };
} {
  const section = DOC.slice(DOC.indexOf(heading));
  const block = /```yaml\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error(`docs/ci.md has no yaml block under "${heading}"`);
  return parse(block[1]!);
}

/** Runs a workflow's `run:` steps with bash as a runner would, expanding the expressions the test knows. */
async function runSteps(
  steps: readonly Step[],
  expressions: () => Record<string, string>,
  env: Record<string, string>,
): Promise<Record<string, number>> {
  const codes: Record<string, number> = {};
  for (const step of steps) {
    if (!step.run || step.name === 'Install taskeval') continue;
    const values = expressions();
    const expand = (text: string) =>
      text.replace(/\$\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
        if (!(name in values)) throw new Error(`the test does not know \${{ ${name} }}`);
        return values[name]!;
      });
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, expand(String(v))]));
    try {
      await exec('bash', ['-e', '-c', expand(step.run)], {
        cwd: repo,
        env: { ...process.env, ...stepEnv, ...env, CI: 'true' },
        timeout: 120_000,
      });
      codes[step.name ?? '?'] = 0;
    } catch (error) {
      codes[step.name ?? '?'] = (error as { code: number }).code;
    }
  }
  return codes;
}

/** The install step as the runner would have it: `npx taskeval` finds the taskeval under test. */
function installTaskeval(): string {
  const bin = join(repo, 'node_modules', '.bin');
  mkdirSync(bin, { recursive: true });
  const loader = import.meta.resolve('tsx');
  writeFileSync(
    join(bin, 'taskeval'),
    `#!/bin/sh\nexec "${process.execPath}" --import "${loader}" "${join(root, 'src/cli/bin.ts')}" "$@"\n`,
  );
  chmodSync(join(bin, 'taskeval'), 0o755);
  return bin;
}

let repo: string;
beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'taskeval-ci-'));
});
afterEach(() => {
  rmSync(repo, { recursive: true, force: true });
});

function git(args: string[], date?: string): void {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 'Agent',
    GIT_AUTHOR_EMAIL: 'agent@example.com',
    GIT_COMMITTER_NAME: 'Agent',
    GIT_COMMITTER_EMAIL: 'agent@example.com',
    ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}),
  };
  const r = spawnSync('git', args, { cwd: repo, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}

function commit(file: string, lines: number, subject: string, date: string): void {
  mkdirSync(join(repo, 'src'), { recursive: true });
  writeFileSync(
    join(repo, 'src', file),
    Array.from({ length: lines }, (_, i) => `export const v${i} = ${i};`).join('\n'),
  );
  git(['add', '.'], date);
  git(['commit', '-q', '-m', subject], date);
}

describe('docs/ci.md', () => {
  it('is a workflow with full history, a cached store, a sticky comment and the gate last', () => {
    const wf = workflow();
    expect(Object.keys(wf.on)).toEqual(['pull_request']);
    expect(wf.permissions).toEqual({ contents: 'read', 'pull-requests': 'write' });
    const steps = wf.jobs.score.steps;
    expect(steps[0]).toMatchObject({ uses: 'actions/checkout@v4', with: { 'fetch-depth': 0 } });
    expect(steps.find((s) => s.uses?.startsWith('actions/cache@'))).toMatchObject({ with: { path: '.taskeval' } });
    const comment = steps.find((s) => s.uses?.startsWith('marocchino/sticky-pull-request-comment@'));
    expect(comment).toMatchObject({ with: { path: 'taskeval-summary.md' } });
    expect(steps.indexOf(comment!)).toBeLessThan(steps.length - 1);
    expect(steps.at(-1)!.run?.trim()).toBe('exit "$STATUS"');
  });

  it("runs its commands in a pull-request checkout: scores only the branch's tasks, writes the summary and gates with run's exit code", async () => {
    git(['init', '-q', '-b', 'main']);
    commit('base.ts', 10, 'feat(FN-1): the base feature', '2026-11-02T10:00:00Z');
    git(['update-ref', 'refs/remotes/origin/main', 'HEAD']);
    git(['checkout', '-q', '-b', 'feature']);
    commit('parser.ts', 40, 'feat(FN-2): add the parser', '2026-11-03T10:00:00Z');
    commit('lexer.ts', 25, 'fix(FN-3): handle empty input', '2026-11-03T12:00:00Z');
    const bin = installTaskeval();
    writeFileSync(join(repo, '.gitignore'), 'node_modules/\n.taskeval/\ntaskeval-summary.md\n');

    const summary = join(repo, 'step-summary.md');
    const output = join(repo, 'github-output');
    writeFileSync(summary, '');
    writeFileSync(output, '');
    const expressions = (): Record<string, string> => ({
      'github.base_ref': 'main',
      'github.event.pull_request.number': '7',
      'steps.score.outputs.status': /^status=(\d+)$/m.exec(readFileSync(output, 'utf8'))?.[1] ?? '',
    });
    const codes = await runSteps(workflow().jobs.score.steps, expressions, {
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_OUTPUT: output,
    });
    const posted = readFileSync(join(repo, 'taskeval-summary.md'), 'utf8');
    expect(posted).toMatch(/^### taskeval run run_[0-9a-f]+ \(completed\)/);
    expect(posted).toContain('2 of 2 task(s) scored, deterministic only (no judge).');
    expect(posted).toMatch(/\| FN-2 \|/);
    expect(posted).toMatch(/\| FN-3 \|/);
    expect(posted).not.toMatch(/FN-1\b/);
    expect(readFileSync(summary, 'utf8')).toBe(posted);
    const status = Number(expressions()['steps.score.outputs.status']);
    const scores = [...posted.matchAll(/^\| FN-\d \| \d+ \| \d+ \| \d+ \| (\d+) \w+ \|$/gm)].map((m) => Number(m[1]));
    expect(scores).toHaveLength(2);
    expect(status).toBe(scores.some((s) => s < 50) ? 1 : 0);
    expect(codes['Score the tasks of this pull request']).toBe(0);
    expect(codes['Fail the check on low scores']).toBe(status);
    const labelled = await exec(join(bin, 'taskeval'), ['results', '--label', 'pr=7', '--json'], { cwd: repo });
    expect(JSON.parse(labelled.stdout).count).toBe(2);
  }, 180_000);

  it('scores the pull request being opened at ready time, from a fake GitHub and the fetched head', async () => {
    const wf = workflow('## Scoring the pull request itself');
    expect(wf.on).toEqual({ pull_request: { types: ['opened', 'reopened', 'ready_for_review'] } });
    const job = wf.jobs['score-pr']!;
    expect(job.if).toContain('draft');
    // The forge: a bare repository whose refs/pull/7/head is the agent's branch, as GitHub keeps it.
    const origin = mkdtempSync(join(tmpdir(), 'taskeval-ci-origin-'));
    try {
      git(['init', '-q', '-b', 'main']);
      commit('base.ts', 10, 'chore: start', '2026-11-02T10:00:00Z');
      const base = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: repo, encoding: 'utf8' }).stdout.trim();
      git(['checkout', '-q', '-b', 'copilot/fix-7']);
      commit('parser.ts', 40, 'Add the parser', '2026-11-03T10:00:00Z');
      const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: repo, encoding: 'utf8' }).stdout.trim();
      git(['checkout', '-q', 'main']);
      spawnSync('git', ['clone', '-q', '--bare', repo, origin]);
      spawnSync('git', ['update-ref', 'refs/pull/7/head', head], { cwd: origin });
      git(['branch', '-q', '-D', 'copilot/fix-7']);
      git(['remote', 'add', 'origin', origin]);
      const github = await startFakeGithub({
        repository: 'acme/app',
        token: 'ghs_workflow_token',
        pulls: [
          {
            pull: fakePull(7, {
              login: 'Copilot',
              ref: 'copilot/fix-7',
              sha: head,
              baseSha: base,
              created_at: '2026-11-03T11:00:00Z',
            }),
            commits: [
              {
                sha: head,
                commit: { message: 'Add the parser', author: { date: '2026-11-03T10:00:00Z' } },
                author: { login: 'Copilot' },
              },
            ],
            // A review after it was opened: the outcome, never read at ready time.
            reviews: [
              { user: { login: 'maintainer' }, state: 'CHANGES_REQUESTED', submitted_at: '2026-11-04T09:00:00Z' },
            ],
          },
        ],
      });
      try {
        installTaskeval();
        writeFileSync(join(repo, '.gitignore'), 'node_modules/\n.taskeval/\ntaskeval-pr.md\n');
        const summary = join(repo, 'step-summary.md');
        const output = join(repo, 'github-output');
        writeFileSync(summary, '');
        writeFileSync(output, '');
        const expressions = (): Record<string, string> => ({
          'secrets.GITHUB_TOKEN': 'ghs_workflow_token',
          'github.repository': 'acme/app',
          'github.event.pull_request.number': '7',
          'steps.score.outputs.status': /^status=(\d+)$/m.exec(readFileSync(output, 'utf8'))?.[1] ?? '',
        });
        const codes = await runSteps(job.steps, expressions, {
          GITHUB_STEP_SUMMARY: summary,
          GITHUB_OUTPUT: output,
          GITHUB_API_URL: github.baseUrl,
        });
        expect(codes['Fetch the pull request head']).toBe(0);
        expect(codes['Score this pull request at ready time']).toBe(0);
        const posted = readFileSync(join(repo, 'taskeval-pr.md'), 'utf8');
        expect(posted).toContain('1 of 1 task(s) scored, deterministic only (no judge).');
        expect(posted).toMatch(/\| PR-7 \|/);
        const status = Number(expressions()['steps.score.outputs.status']);
        expect(codes['Fail the check on a low score']).toBe(status);
        // One pull request fetched by number: the repository, the pull request and its five lists.
        expect(github.requests.map((r) => r.path.split('?')[0])).toHaveLength(7);
      } finally {
        await github.close();
      }
    } finally {
      rmSync(origin, { recursive: true, force: true });
    }
  }, 180_000);
});
