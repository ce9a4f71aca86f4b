import { TASK_COUNTER_FIELDS, type Task } from '../task.js';
import { computeCommitSignals, firstToLastCommitMs } from './compute-commit-signals.js';
import { computeReviewSignals } from './compute-review-signals.js';
import { computeStepSignals, computeWorkflowSignals } from './compute-workflow-signals.js';
import type { RubricInput } from './rubric-input.js';
import type { TaskSignals } from './task-signals.js';

/** Columns in which a task counts as delivered (Fusion archives done tasks). */
const DONE_COLUMNS: ReadonlySet<string> = new Set(['done', 'archived']);

/**
 * The task's deterministic signals, from structured fields only. Counts come from the task itself so the
 * bundle's caps do not hide records; only review verdicts parsed from the log are read from the bundle.
 */
export function computeTaskSignals(input: RubricInput): TaskSignals {
  const { task, bundle, commits, history } = input;
  return {
    workflow: computeWorkflowSignals(task),
    steps: computeStepSignals(task),
    reviews: computeReviewSignals(task, bundle),
    counters: computeCounters(task),
    commits: computeCommitSignals(task.id, commits),
    prior: history?.prior ?? null,
    outcome: computeOutcome(input),
    agentLogs: computeAgentLogSignals(task),
  };
}

function computeCounters(task: Task): TaskSignals['counters'] {
  const counters = Object.fromEntries(TASK_COUNTER_FIELDS.map((f) => [f, task[f] ?? 0])) as Omit<TaskSignals['counters'], 'known' | 'recorded'>;
  const recorded = TASK_COUNTER_FIELDS.filter((f) => task[f] != null);
  return { ...counters, known: recorded.length > 0, recorded };
}

function computeOutcome({ task, commits, history }: RubricInput): TaskSignals['outcome'] {
  const column = task.column ?? null;
  const status = task.status ?? null;
  const failed = status === 'failed' || Boolean(task.error);
  // History read at evaluation time only (hindsight false) says nothing about reverts or later fixes.
  const later = history != null && history.hindsight !== false ? history : null;
  return {
    column,
    status,
    done: !failed && column !== null && DONE_COLUMNS.has(column),
    failed,
    reverted: later ? later.reverted : null,
    laterFixes: later ? later.laterFixShas.length : 0,
    historyKnown: later != null,
    firstToLastCommitMs: firstToLastCommitMs(history, commits),
  };
}

function computeAgentLogSignals(task: Task): TaskSignals['agentLogs'] {
  const logs = task.agentLogs ?? [];
  const s = task.agentSession;
  return {
    toolCalls: logs.filter((l) => l.type === 'tool').length,
    toolErrors: logs.filter((l) => l.type === 'tool_error').length,
    entries: logs.length,
    session: s
      ? {
          steps: s.steps,
          failedCommands: s.failedCommands,
          edits: s.edits,
          rejectedEdits: s.rejectedEdits,
          testRuns: s.testRuns,
          testedAfterLastEdit: s.testedAfterLastEdit ?? null,
          lastTestPassed: s.lastTestPassed ?? null,
          gaveUp: s.gaveUp,
          exitStatus: s.exitStatus ?? null,
          patchLinesAdded: s.patchLinesAdded ?? null,
          patchLinesDeleted: s.patchLinesDeleted ?? null,
        }
      : null,
  };
}
