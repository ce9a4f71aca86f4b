import { copyFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

// The repository's copy of the real Fusion task records (fixtures/README.md).
const FIXTURES = fileURLToPath(new URL('../../../fixtures/fusion/', import.meta.url));
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-score-'));
  const records: unknown[] = [];
  for (const name of (await readdir(FIXTURES)).filter((n) => n.endsWith('.task.json')).sort()) {
    await copyFile(join(FIXTURES, name), join(dir, name));
    records.push(JSON.parse(await readFile(join(dir, name), 'utf8')));
  }
  await writeFile(join(dir, 'fixtures.json'), JSON.stringify(records));
  await writeFile(join(dir, 'fixtures.jsonl'), records.map((r) => JSON.stringify(r)).join('\n'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function run(...argv: string[]) {
  const io = captureIo(dir);
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe('taskeval score', () => {
  it('--fail-under exits 1 listing the tasks under it, and --format markdown prints a pull-request summary with the weakest tasks and their evidence', async () => {
    const all = JSON.parse((await run('score', '--tasks', 'fixtures.jsonl', '--json')).out) as {
      taskId: string;
      overallScore: number;
    }[];
    const scores = all.map((r) => r.overallScore).sort((a, b) => a - b);
    const threshold = scores[scores.length - 1]!;
    const under = all.filter((r) => r.overallScore < threshold);
    const gated = await run('score', '--tasks', 'fixtures.jsonl', '--fail-under', String(threshold));
    expect(gated.code).toBe(1);
    expect(gated.out).toContain(
      `${under.length} task${under.length === 1 ? '' : 's'} under --fail-under ${threshold}:`,
    );
    for (const r of under) expect(gated.out).toMatch(new RegExp(`^  ${r.taskId}  ${r.overallScore}$`, 'm'));
    expect((await run('score', '--tasks', 'fixtures.jsonl', '--fail-under', String(scores[0]))).code).toBe(0);

    const md = await run(
      'score',
      '--tasks',
      'fixtures.jsonl',
      '--format',
      'markdown',
      '--fail-under',
      String(threshold),
    );
    expect(md.code).toBe(1);
    expect(md.out).toMatch(/^### taskeval scores\n\n3 of 3 task\(s\) scored, deterministic only \(no judge\)\./);
    expect(md.out).toMatch(/^\| mean \| \d+\.\d \| \d+\.\d \| \d+\.\d \| \d+\.\d \|$/m);
    expect(md.out).toContain('**Weakest tasks**');
    expect(md.out).toMatch(/\| (FN|KB)-\d+ .*\| \d+ \w+ \| (AP|TOQ|PC) \d+ \| `[\w-]+`/);
    expect(md.out).toContain(`task(s) under ${threshold}:**`);
    // The gate's list goes to stderr, so stdout is only the document a CI step posts.
    expect(md.err).toContain('under --fail-under');
    expect(md.out).not.toContain('under --fail-under');
  });

  it('prints a hostile title without its escape sequences, and keeps it whole in --json', async () => {
    const title = '\x1b]0;owned\x07Fix\x1b[2J the parser';
    await writeFile(join(dir, 'hostile.jsonl'), JSON.stringify({ id: 'T-1', title, column: 'done' }));
    const table = await run('score', '--tasks', 'hostile.jsonl');
    expect(table.code).toBe(0);
    expect(table.out).toContain('Fix the parser');
    expect(table.out).not.toContain('\x1b');
    const json = await run('score', '--tasks', 'hostile.jsonl', '--json');
    expect(JSON.parse(json.out)[0].title).toBe(title);
  });

  it('scores the Fusion fixtures and prints the table with the deterministic-only footer', async () => {
    const { code, out, err } = await run('score', '--tasks', 'fixtures.json');
    expect(err).toBe('commits: none (no git repository holds fixtures.json; give --repo DIR)\n');
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^TASK\s+TITLE\s+AGENT\s+OUTCOME\s+PROCESS\s+OVERALL\s+MODE$/);
    for (const id of ['FN-679', 'KB-126', 'KB-341']) {
      expect(lines.find((l) => l.startsWith(id))).toMatch(
        /\d+ (failing|weak|acceptable|strong|excellent)\s+deterministic only$/,
      );
    }
    expect(out).toContain('deterministic only: no judge configured — final scores equal deterministic scores');
  });

  it('prints with --json an array of deterministic-only results whose finals equal their deterministic scores', async () => {
    const { code, out } = await run('score', '--tasks', 'fixtures.jsonl', '--json');
    expect(code).toBe(0);
    const results = JSON.parse(out) as Array<Record<string, unknown>>;
    expect(results.map((r) => r.taskId)).toEqual(['FN-679', 'KB-126', 'KB-341']);
    for (const result of results) {
      expect(result).toMatchObject({
        status: 'scored',
        mode: 'deterministic-only',
        overallScore: expect.any(Number),
        overallBand: expect.any(String),
      });
      expect(Object.keys(result)).toEqual(expect.arrayContaining(['evidenceBundle', 'signals', 'provenance']));
      const categories = result.categoryScores as Array<Record<string, unknown>>;
      expect(categories.map((c) => c.category)).toEqual([
        'agentPerformance',
        'taskOutcomeQuality',
        'processCompliance',
      ]);
      for (const c of categories) {
        expect(Object.keys(c).sort()).toEqual([
          'aiScore',
          'band',
          'category',
          'deterministicScore',
          'evidence',
          'finalScore',
          'rationale',
          'weight',
        ]);
        expect(c.aiScore).toBeNull();
        expect(c.finalScore).toBe(c.deterministicScore);
      }
      expect((result.evidenceBundle as { groups: unknown[] }).groups).toHaveLength(8);
      expect(result.provenance).toMatchObject({
        provider: null,
        model: null,
        promptVersion: null,
        cached: false,
        samples: 1,
      });
    }
  });

  it('scores the valid records and warns on stderr about each invalid one, naming file, line and field', async () => {
    const lines = [
      JSON.stringify({ id: 'T-1', title: 'Good one', column: 'done' }),
      JSON.stringify({ id: 'T-2', workflowStepResults: [{ workflowStepId: 'tests', status: 'green' }] }),
      '{broken',
    ];
    await writeFile(join(dir, 'mixed.jsonl'), lines.join('\n'));
    const { code, out, err } = await run('score', '--tasks', 'mixed.jsonl');
    expect(code).toBe(0);
    expect(out).toMatch(/^T-1 /m);
    expect(out).not.toMatch(/^T-2 /m);
    expect(err).toContain(
      'mixed.jsonl:2 (task T-2): workflowStepResults.0.status: expected one of passed|failed|skipped|pending',
    );
    expect(err).toContain('mixed.jsonl:3: not valid JSON');
    expect(err).toContain('use --strict to make them fatal');
  });

  it('exits 3 with --strict on the first invalid record', async () => {
    await writeFile(
      join(dir, 'mixed.jsonl'),
      [JSON.stringify({ id: 'T-1' }), JSON.stringify({ id: 'T-2', reviewLevel: 'x' })].join('\n'),
    );
    const { code, out, err } = await run('score', '--tasks', 'mixed.jsonl', '--strict');
    expect(code).toBe(3);
    expect(out).toBe('');
    expect(err).toContain('taskeval: invalid task record: mixed.jsonl:2 (task T-2): reviewLevel:');
    expect(err).toContain('drop --strict');
  });

  it('exits 3 naming the path when the task file is missing', async () => {
    const { code, err } = await run('score', '--tasks', 'nope.jsonl');
    expect(code).toBe(3);
    expect(err).toContain('cannot read task file nope.jsonl: no such file');
    expect(err).toContain('--tasks');
  });

  it('exits 3 when no record in the file is valid', async () => {
    await writeFile(join(dir, 'bad.jsonl'), [JSON.stringify({ title: 'no id' }), 'nope'].join('\n'));
    const { code, err } = await run('score', '--tasks', 'bad.jsonl');
    expect(code).toBe(3);
    expect(err).toContain('no valid task in bad.jsonl: 2 invalid record(s)');
  });

  it('exits 2 on an unknown option, and when no task source is given', async () => {
    expect((await run('score', '--tasks', 'fixtures.json', '--frobnicate')).code).toBe(2);
    const { code, err } = await run('score');
    expect(code).toBe(2);
    expect(err).toContain('no task source given');
    expect(err).toContain('--tasks FILE');
  });

  it('exits 2 on an invalid configuration file, naming the key', async () => {
    await writeFile(join(dir, 'taskeval.config.json'), JSON.stringify({ judge: { provider: 'oracle' } }));
    const implicit = await run('score', '--tasks', 'fixtures.json');
    expect(implicit.code).toBe(2);
    expect(implicit.err).toContain('judge.provider');
    await writeFile(join(dir, 'other.json'), '{ not json');
    const explicit = await run('score', '--tasks', 'fixtures.json', '--config', 'other.json');
    expect(explicit.code).toBe(2);
    expect(explicit.err).toContain('is not valid JSON');
    expect((await run('score', '--tasks', 'fixtures.json', '--config', 'missing.json')).code).toBe(2);
  });

  it('says in --help that with no judge the final score equals the deterministic score', async () => {
    const { code, out } = await run('score', '--help');
    expect(code).toBe(0);
    expect(out).toMatch(/final score equals\s+its\s+deterministic score/);
    expect(out).toContain('--tasks <file>');
    expect(out).toContain('--strict');
  });
});
