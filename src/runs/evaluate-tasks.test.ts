import { describe, expect, it } from 'vitest';
import type { TaskResult } from '../core/index.js';
import { createScriptedJudge, validAnswerFromPrompt } from '../judge/testing/index.js';
import { EXPAND_WINDOW, evaluateTasks, type EvaluateTasksInput } from './evaluate-tasks.js';
import type { RunTask } from './run-task.js';
import { runTasks } from './testing/run-task-builders.js';
import { openedJudge } from './testing/opened-judge.js';

const base = (
  over: Partial<EvaluateTasksInput> & Pick<EvaluateTasksInput, 'items' | 'onResult'>,
): EvaluateTasksInput => ({
  runId: 'run-1',
  taskevalVersion: '1',
  judge: null,
  width: 1,
  now: () => new Date('2026-03-10T05:00:00.000Z'),
  ...over,
});

/** A judge whose every answer waits for `release`, counting calls in flight. */
function gatedJudge() {
  let inFlight = 0;
  let most = 0;
  const waiting: Array<() => void> = [];
  const judge = createScriptedJudge([
    async (request) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise<void>((resolve) => waiting.push(resolve));
      inFlight -= 1;
      return {
        text: JSON.stringify(validAnswerFromPrompt(request.prompt)),
        usage: { inputTokens: 10, outputTokens: 1, cachedTokens: 0 },
      };
    },
  ]);
  return { judge, most: () => most, releaseNext: () => waiting.shift()?.(), waiting: () => waiting.length };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('evaluateTasks', () => {
  it('without a judge, evaluates every task once, in order, with its index and one evaluation time when given', async () => {
    const seen: Array<[string, number, string, string]> = [];
    await evaluateTasks(
      base({
        items: runTasks(4),
        evaluatedAt: '2026-01-01T00:00:00.000Z',
        onResult: (r, item, i) => void seen.push([r.taskId, i, item.task.id, r.evaluatedAt ?? '']),
      }),
    );
    expect(seen).toEqual([0, 1, 2, 3].map((i) => [`RT-${i + 1}`, i, `RT-${i + 1}`, '2026-01-01T00:00:00.000Z']));
  });

  it('keeps at most `width` tasks with the judge at once, and hands each result on as it completes', async () => {
    const gate = gatedJudge();
    const done: TaskResult[] = [];
    const loop = evaluateTasks(
      base({ items: runTasks(5), judge: openedJudge(gate.judge), width: 2, onResult: (r) => void done.push(r) }),
    );
    await tick();
    expect(gate.waiting()).toBe(2);
    while (done.length < 5) {
      gate.releaseNext();
      await tick();
    }
    await loop;
    expect(gate.most()).toBe(2);
    expect(done.map((r) => r.status)).toEqual(Array(5).fill('scored'));
    expect(new Set(done.map((r) => r.taskId)).size).toBe(5);
  });

  it('stops taking tasks at the first error that is not the task’s own, and rejects with it once the others settle', async () => {
    const taken: string[] = [];
    const loop = evaluateTasks(
      base({
        items: runTasks(6),
        width: 2,
        onResult: async (r) => {
          taken.push(r.taskId);
          if (r.taskId === 'RT-2') throw new Error('disk full');
        },
      }),
    );
    await expect(loop).rejects.toThrow('disk full');
    expect(taken.length).toBeLessThan(6);
  });

  it('a task that cannot be read is its error result, and the loop goes on', async () => {
    const [good, broken] = runTasks(2);
    const bad = { ...broken!, task: { ...broken!.task, workflowStepResults: 'not a list' } } as unknown as typeof good;
    const seen: TaskResult[] = [];
    await evaluateTasks(base({ items: [bad, good!] as RunTask[], onResult: (r) => void seen.push(r) }));
    expect(seen.map((r) => [r.taskId, r.status])).toEqual([
      ['RT-2', 'error'],
      ['RT-1', 'scored'],
    ]);
  });

  it('on abort, starts no further task and resolves; the calls in flight see the abort', async () => {
    const controller = new AbortController();
    const gate = gatedJudge();
    const done: string[] = [];
    const loop = evaluateTasks(
      base({
        items: runTasks(5),
        judge: openedJudge(gate.judge),
        width: 2,
        signal: controller.signal,
        onResult: (r) => void done.push(r.taskId),
      }),
    );
    await tick();
    controller.abort();
    gate.releaseNext();
    gate.releaseNext();
    await loop;
    expect(gate.judge.requests).toHaveLength(2);
    expect(done).toEqual([]);
  });

  it('reads heads whole a window at a time, ahead of the loop, and scores each from its whole record', async () => {
    const heads = runTasks(EXPAND_WINDOW * 2 + 10).map((t) => ({ ...t, task: { id: t.task.id } }));
    const wholes = new Map(runTasks(heads.length).map((t) => [t.task.id, t.task]));
    const windows: string[][] = [];
    const seen: TaskResult[] = [];
    await evaluateTasks(
      base({
        items: heads,
        expand: async (chunk) => {
          windows.push(chunk.map((t) => t.task.id));
          return chunk.map((t) => ({ ...t, task: wholes.get(t.task.id)! }));
        },
        width: 3,
        onResult: (r) => void seen.push(r),
      }),
    );
    expect(windows.map((w) => [w[0], w.length])).toEqual([
      ['RT-1', EXPAND_WINDOW],
      [`RT-${EXPAND_WINDOW + 1}`, EXPAND_WINDOW],
      [`RT-${EXPAND_WINDOW * 2 + 1}`, 10],
    ]);
    expect(seen).toHaveLength(heads.length);
    // Scored from the whole record: its title, which a head does not carry.
    expect(seen.every((r) => r.status === 'scored' && r.title === wholes.get(r.taskId)!.title)).toBe(true);
  });

  it('stops with the error of a task file that can no longer be read whole', async () => {
    const failure = new Error('tasks.jsonl changed while it was being evaluated');
    const seen: string[] = [];
    const loop = evaluateTasks(
      base({
        items: runTasks(EXPAND_WINDOW + 5),
        expand: async (chunk) => {
          if (chunk[0]!.task.id !== 'RT-1') throw failure;
          return [...chunk];
        },
        onResult: (r) => void seen.push(r.taskId),
      }),
    );
    await expect(loop).rejects.toBe(failure);
    expect(seen).toHaveLength(EXPAND_WINDOW);
  });
});
