import type { Task, WorkflowStepResult } from '../task.js';
import type { TaskSignals } from './task-signals.js';

/** Counts every workflow step result on the task (not the capped bundle), and each step's latest status. */
export function computeWorkflowSignals(task: Task): TaskSignals['workflow'] {
  const results = task.workflowStepResults ?? [];
  const counts = { passed: 0, failed: 0, skipped: 0, pending: 0 };
  for (const result of results) counts[result.status] += 1;
  const latest = latestByStep(results);
  let finalFailed = 0;
  let unsettled = 0;
  for (const result of latest.values()) {
    if (result.status === 'failed') finalFailed += 1;
    if (result.status !== 'passed' && result.status !== 'skipped') unsettled += 1;
  }
  return { ...counts, total: results.length, steps: latest.size, finalFailed, unsettled };
}

/** The latest result of each step id: by completion (or start) time, then by position in the record. */
export function latestByStep(results: readonly WorkflowStepResult[]): Map<string, WorkflowStepResult> {
  const latest = new Map<string, { result: WorkflowStepResult; at: number; index: number }>();
  results.forEach((result, index) => {
    const at = timeOf(result);
    const seen = latest.get(result.workflowStepId);
    if (!seen || at > seen.at || (at === seen.at && index > seen.index))
      latest.set(result.workflowStepId, { result, at, index });
  });
  return new Map([...latest].map(([id, v]) => [id, v.result]));
}

// An untimed result sorts before every timed one, so a timed retry always counts as later.
function timeOf(result: WorkflowStepResult): number {
  const at = Date.parse(result.completedAt ?? result.startedAt ?? '');
  return Number.isNaN(at) ? Number.NEGATIVE_INFINITY : at;
}

/** Counts the task's plan steps by status; Fusion marks finished steps `done`. */
export function computeStepSignals(task: Task): TaskSignals['steps'] {
  const steps = task.steps ?? [];
  return {
    total: steps.length,
    done: steps.filter((s) => s.status === 'done').length,
    skipped: steps.filter((s) => s.status === 'skipped').length,
  };
}
