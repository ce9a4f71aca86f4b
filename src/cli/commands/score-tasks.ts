import { createHash } from 'node:crypto';
import type { CommitHistorySignals, CommitRecord, Task, TaskResult } from '../../core/index.js';
import { evaluateWithoutJudge, taskErrorResult } from '../../runs/index.js';
import { TASKEVAL_VERSION } from '../version.js';

export interface ScoreTasksInput {
  tasks: readonly Task[];
  runId: string;
  evaluatedAt: string;
  /** null or undefined: no repository is known for the task. */
  commitsFor?: (task: Task) => CommitRecord[] | null | undefined;
  historyFor?: (taskId: string) => CommitHistorySignals | null | undefined;
}

/** Scores every task deterministic-only; a task that cannot be scored becomes an error result, never a dropped row. */
export function scoreTasks(input: ScoreTasksInput): TaskResult[] {
  return [...eachScoredTask(input)];
}

/** The same, one result at a time, so a caller can write each out and let it go. */
export function* eachScoredTask(input: ScoreTasksInput): Generator<TaskResult> {
  for (const task of input.tasks) yield scoreOne(input, task);
}

function scoreOne(input: ScoreTasksInput, task: Task): TaskResult {
  let commits: CommitRecord[] | null | undefined;
  let history: CommitHistorySignals | null | undefined;
  try {
    commits = input.commitsFor?.(task);
    history = input.historyFor?.(task.id);
  } catch (error) {
    return taskErrorResult(task, input.evaluatedAt, `could not score this task: ${(error as Error).message}`);
  }
  return evaluateWithoutJudge({ item: { task, commits: commits ?? null, history: history ?? null, completedAt: null }, runId: input.runId, evaluatedAt: input.evaluatedAt, taskevalVersion: TASKEVAL_VERSION });
}

/** A run id for an evaluation that is not stored: `<prefix>-` and a short hash of the time. */
export function ephemeralRunId(prefix: string, now: Date): string {
  return `${prefix}-${createHash('sha256').update(now.toISOString()).digest('hex').slice(0, 10)}`;
}
