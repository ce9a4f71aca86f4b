import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeHarborJob, type TestTrial } from '../../sources/harbor/testing/write-harbor-job.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-harbor-cli-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function cli(argv: string[]) {
  const io = captureIo(dir);
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

/** Twelve trials: half solved (tests pass, reward 1), half not (tests fail, reward 0). */
const TRIALS: TestTrial[] = Array.from({ length: 12 }, (_, i) => ({
  name: `task-${i % 6}__t${i}`,
  task: `task-${i % 6}`,
  reward: i % 2 === 0 ? 1 : 0,
  testsFail: i % 2 === 1,
}));

describe('a Harbor job', () => {
  it('is detected and scored, one task per trial, and validated against its own rewards', async () => {
    const job = join(dir, 'jobs', '2026-03-02__10-00-00');
    await writeHarborJob(job, TRIALS);
    const scored = await cli(['score', '--project', job, '--json']);
    expect(scored.code, scored.err).toBe(0);
    const results = JSON.parse(scored.out) as { taskId: string; status: string; overallScore: number }[];
    expect(results).toHaveLength(12);
    const mean = (odd: boolean) => {
      const xs = results
        .filter((r) => Number(r.taskId.split('__t')[1]) % 2 === (odd ? 1 : 0))
        .map((r) => r.overallScore);
      return xs.reduce((a, b) => a + b, 0) / xs.length;
    };
    // The verifier's reward is the task's workflow result: solved trials score higher.
    expect(mean(false)).toBeGreaterThan(mean(true));

    const db = join(dir, 'taskeval.db');
    expect((await cli(['run', '--project', job, '--db', db])).code).toBe(0);
    const validated = await cli([
      'validate',
      '--run',
      'latest',
      '--db',
      db,
      '--labels',
      job,
      '--label',
      'resolved',
      '--bad',
      'false',
      '--json',
    ]);
    expect(validated.code, validated.err).toBe(0);
    const report = JSON.parse(validated.out) as { n: number; label: string };
    expect(report).toMatchObject({ n: 12 });
    const bad = await cli([
      'validate',
      '--run',
      'latest',
      '--db',
      db,
      '--labels',
      join(dir, 'jobs'),
      '--label',
      'resolved',
      '--bad',
      'false',
    ]);
    expect(bad.code).toBe(3);
    expect(bad.err).toContain('a directory of labels is a Harbor job');
  });
});
