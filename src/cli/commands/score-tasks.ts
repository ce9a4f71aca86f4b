import { createHash } from 'node:crypto';
import type { CommitHistorySignals, CommitRecord, Task, TaskResult } from '../../core/index.js';
import { evaluateTask } from '../../runs/index.js';
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
  try {
    const commits = input.commitsFor?.(task);
    const history = input.historyFor?.(task.id);
    return evaluateTask({
      task,
      runId: input.runId,
      evaluatedAt: input.evaluatedAt,
      taskevalVersion: TASKEVAL_VERSION,
      ...(commits ? { commits } : {}),
      ...(history ? { history } : {}),
    });
  } catch (error) {
    return {
      taskId: task.id,
      title: typeof task.title === 'string' ? task.title : null,
      evaluatedAt: input.evaluatedAt,
      status: 'error',
      reason: `could not score this task: ${(error as Error).message}`,
      transient: false,
      rawAnswer: null,
      evidenceBundle: null,
      signals: null,
      provenance: null,
    };
  }
}

/** A run id for an evaluation that is not stored: `<prefix>-` and a short hash of the time. */
export function ephemeralRunId(prefix: string, now: Date): string {
  return `${prefix}-${createHash('sha256').update(now.toISOString()).digest('hex').slice(0, 10)}`;
}
