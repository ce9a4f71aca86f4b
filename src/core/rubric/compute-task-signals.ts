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
  const counters = Object.fromEntries(TASK_COUNTER_FIELDS.map((f) => [f, task[f] ?? 0])) as Omit<
    TaskSignals['counters'],
    'known' | 'recorded'
  >;
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
    byTool: countByTool(logs),
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

const MAX_TOOLS = 20;

/** Tool calls and errors per tool: the entry's detail names the tool, else a call's first word does. */
function countByTool(logs: NonNullable<Task['agentLogs']>): TaskSignals['agentLogs']['byTool'] {
  const counts = new Map<string, { calls: number; errors: number }>();
  for (const l of logs) {
    if (l.type !== 'tool' && l.type !== 'tool_error') continue;
    const name = (l.detail?.trim() || (l.type === 'tool' ? l.text.trim().split(/\s/, 1)[0] : '') || 'unknown').slice(
      0,
      60,
    );
    const c = counts.get(name) ?? { calls: 0, errors: 0 };
    if (l.type === 'tool') c.calls += 1;
    else c.errors += 1;
    counts.set(name, c);
  }
  const ranked = [...counts].sort(
    (a, b) => b[1].calls + b[1].errors - (a[1].calls + a[1].errors) || a[0].localeCompare(b[0]),
  );
  const out: Record<string, { calls: number; errors: number }> = Object.fromEntries(ranked.slice(0, MAX_TOOLS));
  for (const [, c] of ranked.slice(MAX_TOOLS)) {
    const other = (out.other ??= { calls: 0, errors: 0 });
    other.calls += c.calls;
    other.errors += c.errors;
  }
  return out;
}
