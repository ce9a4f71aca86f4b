import { z } from 'zod';
import { ReviewVerdictSchema, TASK_COUNTER_FIELDS, type TaskCounterField } from '../task.js';

const count = z.number().int().nonnegative();

const counterShape = Object.fromEntries(TASK_COUNTER_FIELDS.map((f) => [f, count])) as Record<TaskCounterField, typeof count>;

/** Deterministic facts about one task, read from structured fields only; the rubric scores these and nothing else. */
export const TaskSignalsSchema = z.object({
  /** Workflow step results (tests, lint, review gates): every recorded result, retries included. */
  workflow: z.object({
    passed: count,
    failed: count,
    skipped: count,
    pending: count,
    total: count,
    /** Distinct step ids. */
    steps: count,
    /** Distinct step ids whose latest result failed. */
    finalFailed: count,
    /** Distinct step ids whose latest result is neither passed nor skipped. */
    unsettled: count,
  }),
  /** The task's own plan steps. */
  steps: z.object({ total: count, done: count, skipped: count }),
  reviews: z.object({
    approve: count,
    revise: count,
    rethink: count,
    total: count,
    /** Last verdict per review subject: `spec`, or `plan:1` for a review of step 1. */
    lastVerdictByType: z.record(z.string(), ReviewVerdictSchema),
    /** Review subjects whose last verdict is not APPROVE. */
    unresolved: count,
    /** True when the reviews group was over its cap, so verdicts parsed from the log may be undercounted. */
    logVerdictsCapped: z.boolean(),
  }),
  counters: z.object({
    ...counterShape,
    /** True when at least one counter was recorded. */
    known: z.boolean(),
    /** The counters the record gave (0 included); an absent counter reads as 0 but earns no clean-run credit. */
    recorded: z.array(z.enum(TASK_COUNTER_FIELDS)),
  }),
  commits: z.object({
    /** False when no repository was given: every commit rule is then neutral. */
    known: z.boolean(),
    count,
    withTaskTrailer: count,
    conventional: count,
    touchedTests: count,
    touchedDocs: count,
    configOnly: count,
    /** Commits that touched at least one code file (`touchesCode`). */
    codeChanging: count,
  }),
  outcome: z.object({
    column: z.string().nullable(),
    status: z.string().nullable(),
    done: z.boolean(),
    failed: z.boolean(),
    /** Null when no history was given. */
    reverted: z.boolean().nullable(),
    laterFixes: count,
    historyKnown: z.boolean(),
    firstToLastCommitMs: z.number().int().nonnegative().nullable(),
  }),
  agentLogs: z.object({ toolCalls: count, toolErrors: count, entries: count }),
});

export type TaskSignals = z.output<typeof TaskSignalsSchema>;
