import { z } from 'zod';
import { ReviewVerdictSchema, TASK_COUNTER_FIELDS, type TaskCounterField } from '../task.js';

const count = z.number().int().nonnegative();

const counterShape = Object.fromEntries(TASK_COUNTER_FIELDS.map((f) => [f, count])) as Record<
  TaskCounterField,
  typeof count
>;

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
    /** Subjects longer than git's 72-character convention. */
    longSubjects: count,
    /** Subjects over git's 50-character summary guideline but within 72. */
    wideSubjects: count.default(0),
    touchedTests: count,
    touchedDocs: count,
    configOnly: count,
    /** Commits that touched at least one code file (`touchesCode`). */
    codeChanging: count,
    /** Commits counted once when the same change appears on several branches (same author time and subject). */
    distinct: count,
    /** Distinct commits that changed code: a docs or test follow-up is not another attempt at the change. */
    distinctCode: count,
    /** Lines added and deleted in code files (not tests, docs or config), over distinct commits. */
    codeLinesAdded: count,
    codeLinesDeleted: count,
    testLinesAdded: count,
    /** Lines added in config files other than lockfiles (workflow definitions, CI, build and tool settings). */
    configLinesAdded: count.default(0),
    codeFiles: count,
    /** Distinct directories of the code files. */
    codeDirs: count,
    /** Distinct commits whose line counts are unknown (objects missing from the repository). */
    linesUnknown: count,
  }),
  /** Other work on the task's code files just before it; null when no repository or history was read. */
  prior: z
    .object({
      commits: count,
      fixes: count,
      hottestFile: count,
      hoursSinceChange: z.number().nonnegative().nullable().optional(),
    })
    .nullable(),
  outcome: z.object({
    column: z.string().nullable(),
    status: z.string().nullable(),
    done: z.boolean(),
    failed: z.boolean(),
    /** Null when later history was not read. */
    reverted: z.boolean().nullable(),
    laterFixes: count,
    /** True when later history (reverts, later fixes) was read: hindsight. */
    historyKnown: z.boolean(),
    firstToLastCommitMs: z.number().int().nonnegative().nullable(),
  }),
  agentLogs: z.object({
    toolCalls: count,
    toolErrors: count,
    /** Calls and errors per tool name (Bash, Edit, exec_command…), the busiest 20, the rest under `other`. */
    byTool: z.record(z.string(), z.object({ calls: count, errors: count })).default({}),
    entries: count,
    /** What the whole agent session showed (transcript or trajectory), or null when none was read. */
    session: z
      .object({
        steps: count,
        failedCommands: count,
        edits: count,
        rejectedEdits: count,
        testRuns: count,
        testedAfterLastEdit: z.boolean().nullable(),
        lastTestPassed: z.boolean().nullable(),
        gaveUp: count,
        exitStatus: z.string().nullable(),
        patchLinesAdded: count.nullable(),
        patchLinesDeleted: count.nullable(),
      })
      .nullable(),
  }),
});

export type TaskSignals = z.output<typeof TaskSignalsSchema>;
