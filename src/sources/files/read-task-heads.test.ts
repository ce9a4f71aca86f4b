import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isTaskevalError } from '../../core/index.js';
import { readTaskFile } from './read-task-file.js';
import { readTaskHeads } from './read-task-heads.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-heads-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const record = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: `Task ${id} — naïve ☃`,
  description: 'd'.repeat(300),
  column: 'done',
  createdAt: '2026-03-01T10:00:00.000Z',
  executionCompletedAt: '2026-03-01T11:00:00.000Z',
  branch: `fusion/${id.toLowerCase()}`,
  log: [{ timestamp: '2026-03-01T10:30:00.000Z', action: 'Step 1 done', outcome: null }],
  workflowStepResults: [{ workflowStepId: 'tests', status: 'passed' }],
  ...extra,
});

describe('readTaskHeads', () => {
  it('holds only what selection needs, and reads each task back whole exactly as readTaskFile does', async () => {
    const path = join(dir, 'tasks.jsonl');
    // A byte-order mark, CRLF line ends, a blank line, multi-byte text and a bad record between good ones.
    const lines = [
      JSON.stringify(record('FN-1')),
      '',
      JSON.stringify(record('FN-2', { mergeDetails: { commitSha: 'abc123' } })),
      '{"id": "FN-3", "column": 7}',
      'not json',
      JSON.stringify(record('FN-4')),
    ];
    await writeFile(path, `\ufeff${lines.join('\r\n')}\r\n`);
    const whole = await readTaskFile(path);
    const heads = (await readTaskHeads(path))!;

    expect(heads.problems).toEqual(whole.problems);
    expect(heads.tasks.map((t) => t.id)).toEqual(['FN-1', 'FN-2', 'FN-4']);
    expect(heads.tasks[1]).toEqual({
      id: 'FN-2',
      column: 'done',
      branch: 'fusion/fn-2',
      createdAt: '2026-03-01T10:00:00.000Z',
      executionCompletedAt: '2026-03-01T11:00:00.000Z',
      mergeDetails: { commitSha: 'abc123' },
    });
    expect(heads.tasks[0]).not.toHaveProperty('description');
    // In the order asked, not the file's.
    expect(await heads.readWhole(['FN-4', 'FN-1', 'FN-2'])).toEqual([whole.tasks[2], whole.tasks[0], whole.tasks[1]]);
  });

  it('reports invalid records in line order, and the first as an error with --strict, as readTaskFile does', async () => {
    const path = join(dir, 'tasks.jsonl');
    await writeFile(path, `${JSON.stringify(record('FN-1'))}\n{"id": ""}\n${JSON.stringify(record('FN-1'))}\n`);
    const heads = (await readTaskHeads(path))!;
    expect(heads.problems).toEqual((await readTaskFile(path)).problems);
    expect(heads.problems.map((p) => p.line)).toEqual([2, 3]);
    const strict = await readTaskHeads(path, { strict: true }).catch((e: unknown) => e);
    const expected = await readTaskFile(path, { strict: true }).catch((e: unknown) => e);
    expect(isTaskevalError(strict) && strict.code).toBe('source_invalid');
    expect((strict as Error).message).toBe((expected as Error).message);
  });

  it('leaves a .json document to readTaskFile', async () => {
    const path = join(dir, 'tasks.json');
    await writeFile(path, JSON.stringify([record('FN-1')]));
    expect(await readTaskHeads(path)).toBeNull();
  });

  it('refuses to read a task whole when the file was rewritten after its heads were read', async () => {
    const path = join(dir, 'tasks.jsonl');
    await writeFile(path, `${JSON.stringify(record('FN-1'))}\n${JSON.stringify(record('FN-2'))}\n`);
    const heads = (await readTaskHeads(path))!;
    await writeFile(path, `${JSON.stringify(record('FN-9'))}\n${JSON.stringify(record('FN-2'))}\n`);
    const error = await heads.readWhole(['FN-1']).catch((e: unknown) => e);
    expect(isTaskevalError(error) && error.code).toBe('source_invalid');
    expect((error as Error).message).toMatch(
      /tasks\.jsonl changed while it was being evaluated: line 1 is no longer the record of FN-1/,
    );
    await writeFile(path, '');
    expect(((await heads.readWhole(['FN-2']).catch((e: unknown) => e)) as Error).message).toMatch(/changed while/);
  });
});
