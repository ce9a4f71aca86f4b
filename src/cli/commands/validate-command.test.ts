import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { computeAuc } from '../../core/index.js';
import { createGitTestRepo, type GitTestRepo } from '../../evidence/git/testing/git-test-repo.js';
import { openSqliteStore } from '../../store/index.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

let dir: string;
let repo: GitTestRepo;
const lines = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} ${i}`).join('\n') + '\n';

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-validate-'));
  repo = await createGitTestRepo();
  await repo.commit({ subject: 'chore: initial', files: { 'README.md': '# app\n' }, date: '2026-03-01T09:00:00Z' });
  // A big task that a later fix blames, and small ones that stay clean.
  await repo.commit({
    subject: 'feat(T-1): big parser',
    files: { 'src/parser.ts': lines(400, 'p'), 'src/lexer.ts': lines(200, 'l') },
    date: '2026-03-02T10:00:00Z',
  });
  await repo.commit({
    subject: 'feat(T-2): tiny flag',
    files: { 'src/flag.ts': lines(3, 'f') },
    date: '2026-03-02T11:00:00Z',
  });
  await repo.commit({
    subject: 'feat(T-3): tiny option',
    files: { 'src/option.ts': lines(4, 'o'), 'src/option.test.ts': lines(4, 't') },
    date: '2026-03-02T12:00:00Z',
  });
  await repo.commit({
    subject: 'feat(T-4): small helper',
    files: { 'src/helper.ts': lines(8, 'h') },
    date: '2026-03-02T13:00:00Z',
  });
  await repo.commit({
    subject: 'fix: parser drops tokens',
    files: { 'src/parser.ts': lines(399, 'p') + 'fixed\n' },
    date: '2026-03-03T10:00:00Z',
  });
  await repo.commit({
    subject: 'fix(T-4): helper off by one',
    files: { 'src/helper.ts': lines(7, 'h') + 'fixed\n' },
    date: '2026-03-03T11:00:00Z',
  });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await repo.cleanup();
});

async function run(...argv: string[]) {
  const io = captureIo(dir);
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

async function scores(...extra: string[]): Promise<string> {
  const { code, out, err } = await run('score', '--project', repo.dir, '--json', ...extra);
  expect(code, err).toBe(0);
  const path = join(dir, `scores${extra.join('').replace(/[^\w-]/g, '_')}.json`);
  await writeFile(path, out);
  return path;
}

describe('taskeval validate', () => {
  it('checks evaluation-time scores against SZZ outcomes from git: counts, AUC per score, spread, rules', async () => {
    const results = await scores('--no-hindsight');
    const { code, out } = await run(
      'validate',
      '--results',
      results,
      '--outcomes',
      '--project',
      repo.dir,
      '--db',
      join(dir, 's.db'),
      '--json',
    );
    expect(code).toBe(0);
    const report = JSON.parse(out);
    expect(report).toMatchObject({ kind: 'binary', n: 4, bad: 1, good: 3, sized: 4 });
    expect(report.label).toContain('bugIntroducing');
    // T-1 (600 lines) is the one bad task and scores lowest on outcome: a perfect ranking.
    expect(report.categories.taskOutcomeQuality).toMatchObject({ auc: 1 });
    expect(report.categories.processCompliance.distinct).toBeGreaterThanOrEqual(1);
    expect(report.rules).toContainEqual({ rule: 'taskOutcomeQuality:risk.size', fired: 4, auc: 1, rho: null });
    expect(Object.keys(report.categories)).toEqual([
      'agentPerformance',
      'taskOutcomeQuality',
      'processCompliance',
      'overall',
    ]);
  });

  it('refuses hindsight scores against --outcomes unless told --allow-hindsight', async () => {
    const results = await scores();
    const refused = await run(
      'validate',
      '--results',
      results,
      '--outcomes',
      '--project',
      repo.dir,
      '--db',
      join(dir, 's.db'),
    );
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('scored with hindsight');
    expect(refused.err).toContain('--no-hindsight');
    const allowed = await run(
      'validate',
      '--results',
      results,
      '--outcomes',
      '--project',
      repo.dir,
      '--db',
      join(dir, 's.db'),
      '--allow-hindsight',
    );
    expect(allowed.code).toBe(0);
    expect(allowed.out).toContain('taskOutcomeQuality');
  });

  it('validates a stored run: run --no-hindsight is accepted against --outcomes, a hindsight run is refused', async () => {
    const db = join(dir, 'runs.db');
    const honest = await run('run', '--project', repo.dir, '--db', db, '--no-hindsight', '--json');
    expect(honest.code).toBe(0);
    const honestId = JSON.parse(honest.out).run.id as string;
    const checked = await run('validate', '--run', honestId, '--db', db, '--outcomes', '--project', repo.dir, '--json');
    expect(checked.code).toBe(0);
    expect(JSON.parse(checked.out)).toMatchObject({ n: 4, bad: 1 });
    expect(checked.err).toContain(`kept with run ${honestId}`);
    // The store is opened three times (scores, outcome cache, the kept report) and named once; so is the repository.
    expect(checked.err.match(/^store: /gm)).toEqual(['store: ']);
    expect(checked.err.match(/^commits: /gm)).toEqual(['commits: ']);
    // Kept with the run for the dashboard; --no-save keeps nothing more.
    expect(
      (await run('validate', '--run', honestId, '--db', db, '--outcomes', '--project', repo.dir, '--no-save')).err,
    ).not.toContain('kept with run');
    const store = openSqliteStore({ path: db, readOnly: true });
    try {
      const kept = await store.listValidations({ runId: honestId });
      expect(kept).toHaveLength(1);
      expect(kept[0]).toMatchObject({ runId: honestId, report: JSON.parse(checked.out) });
      expect(kept[0]!.label).toContain('bugIntroducing (SZZ, 7d');
    } finally {
      await store.close();
    }
    const hindsight = await run('run', '--project', repo.dir, '--db', db, '--json');
    const refused = await run(
      'validate',
      '--run',
      JSON.parse(hindsight.out).run.id as string,
      '--db',
      db,
      '--outcomes',
      '--project',
      repo.dir,
    );
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('4 result(s) were scored with hindsight');
    // `latest` names the newest run, the hindsight one.
    const latest = await run('validate', '--run', 'latest', '--db', db, '--outcomes', '--project', repo.dir);
    expect([latest.code, latest.err]).toEqual([refused.code, refused.err]);
  });

  it('prints the report of a store on read-only media and says it could not keep it, without failing', async () => {
    const folder = join(dir, 'ro');
    await mkdir(folder);
    const db = join(folder, 'runs.db');
    const honest = await run('run', '--project', repo.dir, '--db', db, '--no-hindsight', '--json');
    expect(honest.code, honest.err).toBe(0);
    // An immutable directory is read-only even for root, as a read-only mount is; skipped where chattr is not allowed.
    try {
      execFileSync('chattr', ['+i', folder], { stdio: 'ignore' });
    } catch {
      return;
    }
    try {
      await writeFile(join(dir, 'labels.csv'), 'taskId,bad\nT-1,yes\nT-2,no\nT-3,no\nT-4,no\n');
      const checked = await run(
        'validate',
        '--run',
        'latest',
        '--db',
        db,
        '--labels',
        join(dir, 'labels.csv'),
        '--label',
        'bad',
        '--bad',
        'yes',
        '--json',
      );
      expect(checked.code, checked.err).toBe(0);
      expect(JSON.parse(checked.out)).toMatchObject({ n: 4, bad: 1 });
      expect(checked.err).toMatch(
        /note: the report was not kept with run run_[0-9a-f]+: .*\(--no-save skips keeping it\)/,
      );
    } finally {
      execFileSync('chattr', ['-i', folder]);
    }
  });

  it('reads CSV labels with --bad, and gives the same AUC as computing it by hand', async () => {
    const results = await scores('--no-hindsight');
    const parsed = JSON.parse((await run('score', '--project', repo.dir, '--json', '--no-hindsight')).out) as {
      taskId: string;
      overallScore: number;
    }[];
    const labels = join(dir, 'labels.csv');
    await writeFile(labels, 'task_id,shipped,size\nT-1,reverted,600\nT-2,ok,3\nT-3,"reverted",4\nT-4,ok,8\n');
    const { code, out } = await run(
      'validate',
      '--results',
      results,
      '--labels',
      labels,
      '--label',
      'shipped',
      '--bad',
      'reverted',
      '--size',
      'size',
      '--json',
    );
    expect(code).toBe(0);
    const report = JSON.parse(out);
    const overall = (ids: string[]) => parsed.filter((r) => ids.includes(r.taskId)).map((r) => r.overallScore);
    expect(report.categories.overall.auc).toBeCloseTo(computeAuc(overall(['T-1', 'T-3']), overall(['T-2', 'T-4']))!, 4);
    expect(report).toMatchObject({ bad: 2, good: 2, sized: 4 });
  });

  it("sets the judge's part beside the rubric's on judged results: deterministic, AI and final, with intervals", async () => {
    // A judge that scores T-1 (a reverted task) 95 and every other task 20: its part ranks the wrong way.
    const judge = join(dir, 'judge.mjs');
    await writeFile(
      judge,
      `let t='';process.stdin.on('data',d=>t+=d).on('end',()=>{const id=/^<<<EVIDENCE id=("(?:[^"\\\\]|\\\\.)*")/m.exec(t);if(!id)return process.stdout.write('{"ok":true}');const s=/\\nid: T-1\\n/.test(t)?95:20;const c={score:s,rationale:'r',evidence:[JSON.parse(id[1])]};process.stdout.write(JSON.stringify({categories:{agentPerformance:c,taskOutcomeQuality:c,processCompliance:c},overallRationale:'o'}))});`,
    );
    const results = await scores(
      '--no-hindsight',
      '--judge',
      'command',
      '--judge-command',
      `node ${judge}`,
      '--no-cache',
    );
    const labels = join(dir, 'judged.csv');
    await writeFile(labels, 'task_id,shipped\nT-1,reverted\nT-2,ok\nT-3,reverted\nT-4,ok\n');
    const args = ['validate', '--results', results, '--labels', labels, '--label', 'shipped', '--bad', 'reverted'];
    const json = await run(...args, '--json');
    expect(json.code).toBe(0);
    const report = JSON.parse(json.out);
    expect(report.judgeParts.n).toBe(4);
    const parts = report.judgeParts.categories.taskOutcomeQuality;
    // T-1 (bad) scores highest with the judge, T-3 (bad) ties the good ones: 1 pair lost, 2 tied of 4.
    expect(parts.ai.auc).toBe(0.25);
    expect(parts.deterministic.auc).toBe(
      report.categories.taskOutcomeQuality.auc === parts.final.auc ? parts.deterministic.auc : parts.deterministic.auc,
    );
    expect(parts.final.auc).toBe(report.categories.taskOutcomeQuality.auc);
    const text = await run(...args);
    expect(text.out).toMatch(/the judge's part, on the 4 judged results \(AUC, 95% CI\):/);
    expect(text.out).toMatch(/^taskOutcomeQuality\s+\d\.\d{3} \([\d.-]+–[\d.-]+\)\s+0\.250 /m);
  });

  it('warns in words when a score ranks the wrong way, and prints the bad rate per band', async () => {
    const results = await scores('--no-hindsight');
    const labels = join(dir, 'backwards.csv');
    // The big task is called good and the small ones bad: every score now ranks the wrong way.
    await writeFile(labels, 'task_id,shipped\nT-1,ok\nT-2,reverted\nT-3,reverted\nT-4,reverted\n');
    const { code, out } = await run(
      'validate',
      '--results',
      results,
      '--labels',
      labels,
      '--label',
      'shipped',
      '--bad',
      'reverted',
    );
    expect(code).toBe(0);
    expect(out).toMatch(/warning: taskOutcomeQuality ranks the wrong way \(AUC 0\.\d{3} < 0\.5\)/);
    expect(out).toContain('bad rate per band');
    expect(out).toMatch(/taskOutcomeQuality\s.*\d+(\.\d)?% of \d/);
    const json = JSON.parse(
      (
        await run(
          'validate',
          '--results',
          results,
          '--labels',
          labels,
          '--label',
          'shipped',
          '--bad',
          'reverted',
          '--json',
        )
      ).out,
    );
    expect(json.warnings.some((w: string) => w.startsWith('taskOutcomeQuality ranks the wrong way'))).toBe(true);
    const bands = json.categories.taskOutcomeQuality.bands as {
      band: string;
      n: number;
      bad: number;
      rate: number | null;
    }[];
    expect(bands.map((b) => b.band)).toEqual(['failing', 'weak', 'acceptable', 'strong', 'excellent']);
    expect(bands.reduce((n, b) => n + b.n, 0)).toBe(4);
    expect(bands.reduce((n, b) => n + b.bad, 0)).toBe(3);
    const honest = await run(
      'validate',
      '--results',
      results,
      '--outcomes',
      '--project',
      repo.dir,
      '--db',
      join(dir, 's.db'),
    );
    expect(honest.out).not.toContain('taskOutcomeQuality ranks the wrong way');
  });

  it('gives Spearman for a numeric rating and prints a readable table', async () => {
    const results = await scores('--no-hindsight');
    const labels = join(dir, 'ratings.jsonl');
    await writeFile(
      labels,
      [
        '{"taskId":"T-1","rating":1}',
        '{"taskId":"T-2","rating":5}',
        '{"taskId":"T-3","rating":4}',
        '{"taskId":"T-4","rating":3}',
      ].join('\n'),
    );
    const { code, out } = await run('validate', '--results', results, '--labels', labels, '--label', 'rating');
    expect(code).toBe(0);
    expect(out).toContain('label rating (rating): 4 rated tasks');
    expect(out).toMatch(/taskOutcomeQuality\s+\d\.\d{3}/);
    expect(out).toContain('rho: rank correlation');
  });

  it('names what is wrong: no scores, both label kinds, a missing column, a bad results file', async () => {
    expect((await run('validate', '--outcomes')).err).toContain(
      'name the scores with --results FILE or --run ID (either may repeat), not both',
    );
    const results = await scores('--no-hindsight');
    const both = await run('validate', '--results', results, '--outcomes', '--labels', 'x.csv', '--label', 'a');
    expect(both.code).toBe(2);
    expect(both.err).toContain('exactly one of --labels FILE');
    const labels = join(dir, 'l.csv');
    await writeFile(labels, 'id,ok\nT-1,yes\n');
    const missing = await run(
      'validate',
      '--results',
      results,
      '--labels',
      labels,
      '--label',
      'shipped',
      '--bad',
      'no',
    );
    expect(missing.code).toBe(3);
    expect(missing.err).toContain('l.csv:2 (task T-1): no column "shipped"');
    const bad = join(dir, 'bad.json');
    await writeFile(bad, '[{"taskId":"T-1","status":"scored"}]');
    const invalid = await run('validate', '--results', bad, '--labels', labels, '--label', 'ok', '--bad', 'no');
    expect(invalid.code).toBe(3);
    expect(invalid.err).toMatch(/bad\.json\[0\]: /);
  });
});
