import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pathProjectId } from '../../sources/index.js';
import { defaultDbPath, openSqliteStore } from '../../store/index.js';
import type { CliIo } from '../cli-io.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

let dir: string;
const record = (id: string, completedAt: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id,
    title: `Task ${id}`,
    column: 'done',
    executionCompletedAt: completedAt,
    workflowStepResults: [{ workflowStepId: 'tests', workflowStepName: 'Run tests', status: 'passed' }],
    ...extra,
  });

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-run-'));
  await writeFile(
    join(dir, 'tasks.jsonl'),
    [
      record('FN-1', '2026-03-01T10:00:00Z'),
      record('FN-2', '2026-03-01T11:00:00Z', {
        workflowStepResults: [{ workflowStepId: 'tests', workflowStepName: 'Run tests', status: 'failed' }],
        column: 'in-review',
      }),
      record('FN-3', '2026-03-01T12:00:00Z'),
    ].join('\n'),
  );
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function cli(argv: string[], over: Partial<CliIo> = {}) {
  const io = captureIo(dir, over);
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err(), json: () => JSON.parse(io.out()) };
}

describe('taskeval run and the reading commands', () => {
  it('prints a run larger than the scorecard holds as its lowest results, and --json streams every result from the store', async () => {
    const many = Array.from({ length: 1_050 }, (_, i) =>
      record(
        `BIG-${i + 1}`,
        new Date(Date.UTC(2026, 2, 1) + i * 60_000).toISOString(),
        i % 10
          ? {}
          : { workflowStepResults: [{ workflowStepId: 'tests', workflowStepName: 'Run tests', status: 'failed' }] },
      ),
    );
    await writeFile(join(dir, 'many.jsonl'), many.join('\n'));
    const table = await cli(['run', '--tasks', 'many.jsonl', '--fail-under', '60']);
    expect(table.out).toMatch(/the 50 lowest of 1050 results; all of them: taskeval results --run run_[0-9a-f]+/);
    expect(table.out.match(/^BIG-\d+ /gm)).toHaveLength(50);
    const json = await cli(['run', '--tasks', 'many.jsonl', '--json', '--fail-under', '60']);
    const parsed = json.json();
    expect(parsed.results).toHaveLength(1_050);
    expect(parsed.results[0]).not.toHaveProperty('evidenceBundle');
    expect(parsed.failUnder).toBe(60);
    expect(parsed.belowThreshold.length).toBe(
      parsed.results.filter((r: { overallScore?: number }) => (r.overallScore ?? 100) < 60).length,
    );
    expect(json.code).toBe(parsed.belowThreshold.length ? 1 : 0);
  }, 60_000);

  it('stores a manual run and reads it back with runs, results, show and export', async () => {
    const none = await cli(['runs']);
    expect(none.code).toBe(3);
    expect(none.err).toContain('no taskeval store at');
    expect(existsSync(defaultDbPath(dir))).toBe(false);
    const run = await cli(['run', '--tasks', 'tasks.jsonl', '--json']);
    expect(run.code).toBe(0);
    // Said once: a task file outside any repository is scored without commits.
    expect(run.err).toBe(
      `store: ${join(dir, '.taskeval', 'taskeval.db')}\ncommits: none (no git repository holds tasks.jsonl; give --repo DIR)\n`,
    );
    const { run: stored, results } = run.json();
    expect(stored).toMatchObject({
      trigger: 'manual',
      status: 'completed',
      counts: { total: 3, scored: 3, errored: 0 },
      requestedTaskIds: ['FN-1', 'FN-2', 'FN-3'],
    });
    expect(results.map((r: { taskId: string }) => r.taskId)).toEqual(['FN-1', 'FN-2', 'FN-3']);
    expect(results[0]).not.toHaveProperty('evidenceBundle');

    const runs = await cli(['runs', '--json']);
    expect(runs.json()).toMatchObject({ count: 1, items: [{ id: stored.id, summary: stored.summary }] });
    expect((await cli(['runs'])).out).toMatch(
      new RegExp(`^RUN\\s+TRIGGER\\s+STATUS[^\\n]*\\n${stored.id}\\s+manual\\s+completed`),
    );

    const listed = (await cli(['results', '--run', stored.id, '--json'])).json();
    expect(listed.count).toBe(3);
    const fn2 = results.find((r: { taskId: string }) => r.taskId === 'FN-2');
    const banded = (await cli(['results', '--band', fn2.overallBand, '--json'])).json();
    expect(banded.items.every((r: { overallBand: string }) => r.overallBand === fn2.overallBand)).toBe(true);
    const ranged = (
      await cli(['results', '--min', String(fn2.overallScore), '--max', String(fn2.overallScore), '--json'])
    ).json();
    expect(ranged.items.map((r: { taskId: string }) => r.taskId)).toContain('FN-2');
    expect(ranged.items.every((r: { overallScore: number }) => r.overallScore === fn2.overallScore)).toBe(true);

    const shown = await cli(['show', 'FN-1']);
    expect(shown.code).toBe(0);
    expect(shown.out).toMatch(/^FN-1 — Task FN-1\n/);
    expect(shown.out).toMatch(/Task outcome quality: \d+ \w+\s+\(det \d+\s+ai —\s+weight 0\.45\)/);
    expect(shown.out).toContain('[workflow-tests] Run tests: passed');
    expect(shown.out).toMatch(/signals:\n\s+\+\d+\s+/);
    expect(shown.out).toMatch(/provenance: judge none, prompt —, rubric /);
    const byId = (await cli(['show', results[0].id, '--json'])).json();
    expect(byId).toMatchObject({
      id: results[0].id,
      taskId: 'FN-1',
      taskSnapshot: { id: 'FN-1' },
      evidenceBundle: { taskId: 'FN-1' },
    });
    expect((await cli(['show', 'NOPE-1'])).code).toBe(3);

    const json = (await cli(['export', '--run', stored.id, '--format', 'json'])).json();
    expect(json.map((r: { taskId: string }) => r.taskId)).toEqual(['FN-1', 'FN-2', 'FN-3']);
    expect(json[0].evidenceBundle.groups).toHaveLength(8);
    const jsonl = (await cli(['export', '--run', stored.id, '--format', 'jsonl'])).out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(jsonl.map((r) => r.id)).toEqual(json.map((r: { id: string }) => r.id));
    const csv = (await cli(['export', '--run', stored.id, '--format', 'csv'])).out.trim().split('\n');
    expect(csv[0]).toMatch(
      /^result_id,run_id,task_id,title,status,mode,overall_score,overall_band,agentPerformance_deterministic,/,
    );
    expect(csv).toHaveLength(4);
    expect(csv[1]).toContain(`,FN-1,Task FN-1,scored,deterministic-only,${json[0].overallScore},`);
    expect((await cli(['export', '--run', 'run_missing'])).code).toBe(3);
  });

  it('reads the store a run --project DIR wrote with --project DIR, and exports --run latest', async () => {
    const project = join(dir, 'proj');
    await mkdir(project);
    await writeFile(join(project, 'tasks.jsonl'), record('FN-7', '2026-03-01T10:00:00Z'));
    const stored = await cli(['run', '--project', project, '--tasks', join(project, 'tasks.jsonl'), '--json']);
    expect(stored.code).toBe(0);
    const runId = stored.json().run.id as string;
    const here = await cli(['runs']);
    expect(here.code).toBe(3);
    expect(here.err).toContain(`no taskeval store at ${defaultDbPath(dir)}`);
    const there = await cli(['runs', '--project', project, '--json']);
    expect(there.code).toBe(0);
    expect(there.json().items[0].id).toBe(runId);
    expect((await cli(['show', 'FN-7', '--project', project])).out).toContain('FN-7');
    const csv = await cli(['export', '--run', 'latest', '--project', project, '--format', 'csv']);
    expect(csv.code).toBe(0);
    expect(csv.out.split('\n')[1]).toContain(`${runId},FN-7`);
    const none = await cli(['export', '--run', 'latest', '--db', join(dir, 'empty.db')]);
    expect(none.code).toBe(3);
  });

  it('stores every task of a file whose records nest 1,500 and 5,000 levels deep or carry a 10 MB title, bounded with markers', async () => {
    const deep = (n: number) => `${'{"a":'.repeat(n)}{}${'}'.repeat(n)}`;
    const lines = Array.from({ length: 9 }, (_, k) => {
      const i = k + 1;
      const extra = i === 1 ? deep(1_500) : i === 3 ? deep(5_000) : '{"ok":true}';
      const title = i === 2 ? 'x'.repeat(10 * 1024 * 1024) : `t${i}`;
      return `{"id":"T-${i}","column":"done","title":${JSON.stringify(title)},"extra":${extra}}`;
    });
    await writeFile(join(dir, 'hostile.jsonl'), lines.join('\n'));
    const scored = await cli(['score', '--tasks', 'hostile.jsonl', '--json']);
    expect(scored.code).toBe(0);
    expect(scored.json()).toHaveLength(9);
    const stored = await cli(['run', '--tasks', 'hostile.jsonl', '--json']);
    expect(stored.code).toBe(0);
    expect(stored.json().run.counts).toMatchObject({ total: 9, scored: 9, errored: 0 });
    const t1 = await cli(['show', 'T-1', '--json']);
    expect(t1.json().taskSnapshot.extra).toBe('[dropped: nested more than 32 levels deep]');
    expect((await cli(['show', 'T-2', '--json'])).json().title).toHaveLength(2_000);
  });

  it('prints plain progress lines when not on a terminal, and a redrawn bar on one', async () => {
    const plain = await cli(['run', '--tasks', 'tasks.jsonl']);
    expect(plain.err).toMatch(
      /^store: .*\ncommits: none .*\nrun run_\w+: evaluating 3 tasks\n\[1\/3\] FN-1 scored \d+ \w+\n\[2\/3\] FN-2 scored/,
    );
    expect(plain.out).toMatch(/^TASK\s+TITLE/);
    const tty = await cli(['run', '--tasks', 'tasks.jsonl'], { isTTY: true });
    expect(tty.err).toContain('\r\u001b[2K[====================] 3/3  errors 0  tokens 0');
  });

  it('exits 1 under --fail-under, listing the tasks, and 4 when the judge could not evaluate', async () => {
    const scores = (await cli(['run', '--tasks', 'tasks.jsonl', '--json']))
      .json()
      .results.map((r: { overallScore: number }) => r.overallScore);
    const threshold = Math.max(...scores);
    const below = await cli(['run', '--tasks', 'tasks.jsonl', '--fail-under', String(threshold)]);
    expect(below.code).toBe(1);
    expect(below.out).toMatch(/task(s)? under --fail-under \d+:\n {2}FN-/);
    expect((await cli(['run', '--tasks', 'tasks.jsonl', '--fail-under', '0'])).code).toBe(0);
    expect((await cli(['run', '--tasks', 'tasks.jsonl', '--fail-under', '101'])).code).toBe(2);

    const down = await cli([
      'run',
      '--tasks',
      'tasks.jsonl',
      '--json',
      '--fail-under',
      '100',
      '--judge',
      'command',
      '--judge-command',
      'node -e "process.exit(3)"',
      '--no-probe',
    ]);
    expect(down.code).toBe(4);
    expect(down.json().run.counts).toMatchObject({ total: 3, errored: 3 });
    expect(down.json().results[0]).toMatchObject({ status: 'error', transient: true });
  });

  it('refuses to resume an active run (exit 2) and resumes only the missing tasks of a failed one', async () => {
    const store = openSqliteStore({ path: defaultDbPath(dir) });
    const provenance = {
      judgeProvider: null,
      judgeModel: null,
      rubricVersion: 'r',
      promptVersion: null,
      taskevalVersion: '0',
    };
    const now = new Date().toISOString();
    const half = await store.createRun({
      projectId: pathProjectId(dir),
      trigger: 'manual',
      requestedTaskIds: ['FN-1', 'FN-2', 'FN-3'],
      provenance,
      now,
    });
    await store.transitionRun(half.id, 'running', { now });
    await cli(['run', '--tasks', 'tasks.jsonl', '--task', 'FN-2']);
    const first = (await store.findResult({ taskId: 'FN-2' }))!;
    await store.saveResult(half.id, { result: first, now });
    expect((await cli(['run', '--resume', half.id, '--tasks', 'tasks.jsonl'])).code).toBe(2);
    await store.transitionRun(half.id, 'failed', { reason: 'interrupted', now });
    await store.close();
    const resumed = await cli(['run', '--resume', half.id, '--tasks', 'tasks.jsonl', '--json']);
    expect(resumed.code).toBe(0);
    expect(resumed.json().run).toMatchObject({
      resumeOf: half.id,
      requestedTaskIds: ['FN-1', 'FN-3'],
      counts: { total: 2 },
    });
  });

  it('runs a batch over completed tasks, refuses a second active one with exit 5, and prunes on request', async () => {
    const batch = await cli(['batch', '--tasks', 'tasks.jsonl', '--json']);
    expect(batch.code).toBe(0);
    const out = batch.json();
    expect(out.run).toMatchObject({ trigger: 'schedule', status: 'completed', requestedTaskIds: ['FN-1', 'FN-3'] });
    expect(out.window.start).toBeNull();

    const store = openSqliteStore({ path: defaultDbPath(dir) });
    const active = await store.createRun({
      projectId: pathProjectId(dir),
      trigger: 'schedule',
      provenance: {
        judgeProvider: null,
        judgeModel: null,
        rubricVersion: 'r',
        promptVersion: null,
        taskevalVersion: '0',
      },
      now: new Date().toISOString(),
    });
    await store.close();
    const conflict = await cli(['batch', '--tasks', 'tasks.jsonl']);
    expect(conflict.code).toBe(5);
    expect(conflict.err).toContain(active.id);

    const ambiguous = await cli(['prune', '--older-than', '1m']);
    expect(ambiguous.code).not.toBe(0);
    expect(ambiguous.err).toContain('ambiguous (minutes or months?)');
    const preview = await cli(['prune', '--older-than', '1min', '--dry-run', '--json']);
    expect(preview.code).toBe(0);
    expect(preview.json()).toMatchObject({ dryRun: true, runs: 0, results: 0, events: 0 });
    const pruned = await cli(['prune', '--older-than', '1min', '--json']);
    expect(pruned.code).toBe(0);
    expect(pruned.json()).toMatchObject({ dryRun: false, runs: 0, results: 0, events: 0 });
    expect((await cli(['prune'])).code).toBe(2);
  });

  it('keeps earlier batch results when the task file later holds a corrupt record, or cannot be read at all', async () => {
    const first = (await cli(['batch', '--tasks', 'tasks.jsonl', '--json'])).json();
    await new Promise((r) => setTimeout(r, 5));
    await writeFile(
      join(dir, 'tasks.jsonl'),
      [
        record('FN-1', '2026-03-01T10:00:00Z'),
        '{"id": "FN-BROKEN", ',
        record('FN-9', '2099-01-01T00:00:00Z'),
        record('FN-4', new Date().toISOString()),
      ].join('\n'),
    );
    const second = await cli(['batch', '--tasks', 'tasks.jsonl', '--json']);
    expect(second.code).toBe(0);
    expect(second.err).toMatch(/tasks\.jsonl:2/);
    expect(second.json().run.requestedTaskIds).toEqual(['FN-4']);
    await writeFile(join(dir, 'tasks.jsonl'), 'not json at all\n');
    expect((await cli(['batch', '--tasks', 'tasks.jsonl'])).code).toBe(3);
    const kept = (await cli(['results', '--run', first.run.id, '--json'])).json();
    expect(kept.count).toBe(2);
    const runs = (await cli(['runs', '--json'])).json();
    expect(runs.items.map((r: { status: string }) => r.status)).toEqual(['completed', 'completed']);
  });

  it('cancels on Ctrl-C with exit 130, keeping the results stored before it', async () => {
    const controller = new AbortController();
    let err = '';
    const stderr = (text: string) => {
      err += text;
      if (text.startsWith('[1/3]')) controller.abort();
    };
    const cancelled = await cli(['run', '--tasks', 'tasks.jsonl'], { signal: controller.signal, stderr });
    expect(cancelled.code).toBe(130);
    expect(cancelled.out).toMatch(/run run_\w+ cancelled: cancelled after 1 of 3 tasks/);
    expect(cancelled.out).toContain('taskeval run --resume run_');
    const [run] = (await cli(['runs', '--json'])).json().items;
    expect(run).toMatchObject({ status: 'cancelled', counts: { total: 1 } });
    expect(err).toContain('[1/3] FN-1');
  });

  it('schedule runs batches on the cron expression and stops on the signal; --watch evaluates completed tasks', async () => {
    const stopOn = (marker: RegExp) => {
      const controller = new AbortController();
      return { signal: controller.signal, stderr: (text: string) => void (marker.test(text) && controller.abort()) };
    };
    const scheduled = await cli(
      ['schedule', '--cron', '* * * * * *', '--tasks', 'tasks.jsonl'],
      stopOn(/batch run_\w+ completed/),
    );
    expect(scheduled.code).toBe(0);
    // --watch alone means the task_completion trigger.
    const watched = await cli(
      ['schedule', '--watch', '--interval', '1', '--tasks', 'tasks.jsonl'],
      stopOn(/run run_\w+ completed/),
    );
    expect(watched.code).toBe(0);
    const runs = (await cli(['runs', '--json'])).json().items;
    expect(runs.map((r: { trigger: string; status: string }) => `${r.trigger} ${r.status}`).sort()).toEqual([
      'schedule completed',
      'task_completion completed',
    ]);
    const contradictory = await cli(['schedule', '--watch', '--trigger', 'schedule', '--tasks', 'tasks.jsonl']);
    expect([contradictory.code, contradictory.err]).toEqual([
      2,
      expect.stringContaining('--watch polls for completed tasks'),
    ]);
  }, 15_000);

  describe('taskeval schedule --once', () => {
    it('runs one scheduled batch now and exits with its code; it refuses --watch', async () => {
      const once = await cli(['schedule', '--once', '--tasks', 'tasks.jsonl', '--db', 'once.db', '--column', 'all']);
      expect(once.code, once.err).toBe(0);
      expect(once.err).toMatch(/batch run_\w+ completed/);
      const runs = JSON.parse((await cli(['runs', '--db', 'once.db', '--json'])).out) as {
        items: { trigger: string; status: string }[];
      };
      expect(runs.items.map((r) => [r.trigger, r.status])).toEqual([['schedule', 'completed']]);
      expect((await cli(['schedule', '--once', '--watch', '--tasks', 'tasks.jsonl', '--db', 'once.db'])).code).toBe(2);
      const json = await cli([
        'schedule',
        '--once',
        '--json',
        '--tasks',
        'tasks.jsonl',
        '--db',
        'once.db',
        '--column',
        'all',
      ]);
      expect(JSON.parse(json.out)).toMatchObject({ run: { trigger: 'schedule' } });
    });
  });

  describe('taskeval results --sort', () => {
    it('orders by overall score either way and takes --run latest', async () => {
      expect((await cli(['run', '--tasks', 'tasks.jsonl'])).code).toBe(0);
      const overall = async (order: string) => {
        const out = JSON.parse(
          (await cli(['results', '--run', 'latest', '--sort', 'overall', '--order', order, '--json'])).out,
        ) as { items: { overallScore: number }[] };
        return out.items.map((r) => r.overallScore);
      };
      const asc = await overall('asc');
      expect(asc).toEqual([...asc].sort((a, b) => a - b));
      expect(await overall('desc')).toEqual([...asc].reverse());
      expect((await cli(['results', '--sort', 'nonsense'])).code).toBe(2);
    });
  });
});
