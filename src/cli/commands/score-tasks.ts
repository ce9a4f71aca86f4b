import { createHash } from 'node:crypto';
import type { TaskResult } from '../../core/index.js';
import { costOf, meterJudge, type JudgeCache, type JudgeTotals } from '../../judge/index.js';
import { evaluateTasks, type OpenedJudge, type RunTask } from '../../runs/index.js';
import { TASKEVAL_VERSION } from '../version.js';

export interface ScoreTasksInput {
  /** The tasks with their commits and history (null when no repository is known), as a source loads them. */
  items: readonly RunTask[];
  runId: string;
  evaluatedAt: string;
  /** Hybrid scoring with this judge; absent or null: deterministic-only. */
  judge?: OpenedJudge | null;
  cache?: JudgeCache;
  signal?: AbortSignal;
  /** Takes each result in task order as soon as it and every one before it are made, so a caller can write it out and let it go. */
  onResult: (result: TaskResult) => void;
}

/** What the judge cost this command; null when there was no judge. */
export interface ScoreTotals {
  totals: JudgeTotals;
  costUsd: number | null;
}

/**
 * Scores tasks without storing a run, through the same evaluation loop as `run` (evaluateTasks). A task
 * that cannot be scored, or that the judge could not answer, is its error result, never a dropped row.
 */
export async function scoreTasks(input: ScoreTasksInput): Promise<ScoreTotals | null> {
  const cli = input.judge ?? null;
  const meter = cli ? meterJudge(cli.judge, input.cache) : null;
  // Results come back in completion order; those ahead of their turn wait here (at most the judge's concurrency, about).
  const waiting = new Map<number, TaskResult>();
  let turn = 0;
  await evaluateTasks({
    items: input.items,
    runId: input.runId,
    evaluatedAt: input.evaluatedAt,
    taskevalVersion: TASKEVAL_VERSION,
    judge: cli && meter ? { ...cli, judge: meter.judge, ...(meter.cache ? { cache: meter.cache } : {}) } : null,
    width: cli ? cli.spec.concurrency : 1,
    ...(input.signal ? { signal: input.signal } : {}),
    now: () => new Date(),
    onResult: (result, _item, index) => {
      waiting.set(index, result);
      for (let next = waiting.get(turn); next; next = waiting.get(turn)) {
        waiting.delete(turn++);
        input.onResult(next);
      }
    },
  });
  if (!cli || !meter) return null;
  const totals = meter.totals();
  const price = cli.spec.prices?.[cli.spec.model ?? cli.judge.modelId];
  return { totals, costUsd: price ? costOf(totals.usage, price) : null };
}

/** A run id for an evaluation that is not stored: `<prefix>-` and a short hash of the time. */
export function ephemeralRunId(prefix: string, now: Date): string {
  return `${prefix}-${createHash('sha256').update(now.toISOString()).digest('hex').slice(0, 10)}`;
}
