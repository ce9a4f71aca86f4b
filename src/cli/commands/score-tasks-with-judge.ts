import type { CommitHistorySignals, CommitRecord, Task, TaskResult } from '../../core/index.js';
import { costOf, mapWithConcurrency, meterJudge, type JudgeCache, type JudgeTotals } from '../../judge/index.js';
import { evaluateRunTask } from '../../runs/index.js';
import type { CliJudge } from '../options/judge-options.js';
import { TASKEVAL_VERSION } from '../version.js';

export interface ScoreTasksWithJudgeInput {
  tasks: readonly Task[];
  runId: string;
  evaluatedAt: string;
  judge: CliJudge;
  cache?: JudgeCache;
  signal?: AbortSignal;
  /** The task's commits and history; null or absent when no repository is known. */
  commitsFor?: (task: Task) => CommitRecord[] | null | undefined;
  historyFor?: (taskId: string) => CommitHistorySignals | null | undefined;
}

/** Results in task order, with what the judge cost this command. */
export interface JudgedScores {
  results: TaskResult[];
  totals: JudgeTotals;
  costUsd: number | null;
}

/** Scores every task hybrid, `concurrency` at a time; a task the judge could not answer is an error result. */
export async function scoreTasksWithJudge(input: ScoreTasksWithJudgeInput): Promise<JudgedScores> {
  const { judge: cli } = input;
  const meter = meterJudge(cli.judge, input.cache);
  const judgeOptions = cli.evaluation.judgeOptions;
  const results = await mapWithConcurrency(
    input.tasks,
    cli.concurrency,
    async (task) =>
      (
        await evaluateRunTask({
          item: { task, commits: input.commitsFor?.(task) ?? null, history: input.historyFor?.(task.id) ?? null, completedAt: null },
          runId: input.runId,
          evaluatedAt: input.evaluatedAt,
          taskevalVersion: TASKEVAL_VERSION,
          judge: meter.judge,
          judgeOptions,
          ...(meter.cache ? { cache: meter.cache } : {}),
          ...(input.signal ? { signal: input.signal } : {}),
        })
      ).result,
    input.signal,
  );
  const totals = meter.totals();
  return { results, totals, costUsd: cli.price ? costOf(totals.usage, cli.price) : null };
}
