import { describe, expect, it } from 'vitest';
import { scoredTaskChunks } from './scored-task-chunks.js';
import type { ScoredTasksCursor } from './scored-tasks-sql.js';

/** Raw rows in (task, time, id) order: only the columns the walk reads are real. */
const raw = (task: string, time: string, id: string) => [task, time, id, 'run_1', 'hybrid', 'rubric-6', 1, 2, 3, 4];

async function walk(rows: unknown[][], chunk: number) {
  const reads: (ScoredTasksCursor | null)[] = [];
  const read = (after: ScoredTasksCursor | null, limit: number) => {
    reads.push(after);
    const from =
      after === null ? 0 : rows.findIndex((r) => r[0] === after[0] && r[1] === after[1] && r[2] === after[2]) + 1;
    return rows.slice(from, from + limit);
  };
  const out: string[] = [];
  for await (const part of scoredTaskChunks(read, (v) => v, chunk)) out.push(...part.map((r) => `${r.taskId}:${r.id}`));
  return { out, reads };
}

describe('scoredTaskChunks', () => {
  it("keeps each task's last row when its rows straddle chunks, and resumes after the last row read", async () => {
    const rows = [
      raw('A', 't1', 'a1'),
      raw('A', 't2', 'a2'),
      raw('B', 't1', 'b1'),
      raw('B', 't2', 'b2'),
      raw('B', 't3', 'b3'),
      raw('C', 't1', 'c1'),
    ];
    const { out, reads } = await walk(rows, 2);
    expect(out).toEqual(['A:a2', 'B:b3', 'C:c1']);
    expect(reads).toEqual([null, ['A', 't2', 'a2'], ['B', 't2', 'b2'], ['C', 't1', 'c1']]);
  });

  it('reads once when the first chunk is short, and yields nothing for no rows', async () => {
    expect((await walk([raw('A', 't1', 'a1')], 10)).reads).toEqual([null]);
    expect(await walk([], 10)).toEqual({ out: [], reads: [null] });
  });
});
