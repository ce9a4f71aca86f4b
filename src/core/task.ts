import { z } from 'zod';
import { TaskIdentitySchema } from './identity/agent-identity.js';

/** Absent, null, or Fusion's '[]' placeholder for an object all mean "not given". */
const absent = (v: unknown) => (v === null || (Array.isArray(v) && v.length === 0) ? undefined : v);
const maybe = <T extends z.ZodType>(schema: T) => z.preprocess(absent, schema.optional());
const nullable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null ? undefined : v), schema.optional());

/** An ISO-8601 date-time (or any string Date.parse accepts). */
export const TimestampSchema = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), { message: 'expected an ISO-8601 date-time' });

const count = z.number().int().nonnegative();

/** Longest task id: ids name files, URLs and log lines. */
export const MAX_TASK_ID_CHARS = 256;
/** Control characters (C0, DEL, C1), bidirectional overrides and line separators: they can disguise an id on a terminal or page. */
const UNPRINTABLE_ID = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/u;

/** A task id: 1 to 256 printable characters. */
export const TaskIdSchema = z
  .string()
  .min(1)
  .max(MAX_TASK_ID_CHARS, { message: `a task id is at most ${MAX_TASK_ID_CHARS} characters` })
  .refine((id) => !UNPRINTABLE_ID.test(id), {
    message: 'a task id must be printable: no control characters, newlines or bidirectional overrides',
  })
  .refine((id) => id.trim() === id, { message: 'a task id must not start or end with white space' });

export const TaskStepSchema = z.looseObject({
  name: z.string(),
  status: z.string(),
});

export const TaskLogEntrySchema = z.looseObject({
  timestamp: TimestampSchema,
  action: z.string(),
  outcome: nullable(z.string()),
});

export const WorkflowStepStatusSchema = z.enum(['passed', 'failed', 'skipped', 'pending']);

export const WorkflowStepResultSchema = z.looseObject({
  workflowStepId: z.string().min(1),
  workflowStepName: nullable(z.string()),
  phase: nullable(z.string()),
  status: WorkflowStepStatusSchema,
  output: nullable(z.string()),
  startedAt: nullable(TimestampSchema),
  completedAt: nullable(TimestampSchema),
});

export const ReviewVerdictSchema = z.enum(['APPROVE', 'REVISE', 'RETHINK']);

/** A structured review verdict; Fusion's are parsed from its log, other sources may give them directly. */
export const TaskReviewSchema = z.looseObject({
  type: z.string().min(1),
  step: nullable(z.number().int().nonnegative()),
  verdict: ReviewVerdictSchema,
  summary: nullable(z.string()),
  reviewer: nullable(z.string()),
  timestamp: nullable(TimestampSchema),
});

export const TaskDocumentSchema = z.looseObject({
  key: z.string().min(1),
  content: nullable(z.string()),
  revision: nullable(z.number().int()),
  author: nullable(z.string()),
  createdAt: nullable(TimestampSchema),
  updatedAt: nullable(TimestampSchema),
});

export const AgentLogTypeSchema = z.enum(['text', 'tool', 'thinking', 'tool_result', 'tool_error']);

export const AgentLogEntrySchema = z.looseObject({
  timestamp: TimestampSchema,
  type: AgentLogTypeSchema,
  text: z.string(),
  detail: nullable(z.string()),
  agent: nullable(z.string()),
  /** Where the entry came from when not the task record itself (a transcript path). */
  origin: nullable(z.string()),
});

export const RunAuditEventSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  timestamp: TimestampSchema,
  agentId: nullable(z.string()),
  runId: nullable(z.string()),
  domain: z.string(),
  mutationType: z.string(),
  target: nullable(z.string()),
  metadata: nullable(z.unknown()),
});

export const PrInfoSchema = z.looseObject({
  url: nullable(z.string()),
  number: nullable(z.number().int()),
  status: nullable(z.string()),
  title: nullable(z.string()),
  headBranch: nullable(z.string()),
  baseBranch: nullable(z.string()),
});

export const MergeDetailsSchema = z.looseObject({
  commitSha: nullable(z.string()),
  filesChanged: nullable(count),
  insertions: nullable(count),
  deletions: nullable(count),
  mergeCommitMessage: nullable(z.string()),
  mergedAt: nullable(TimestampSchema),
  mergeConfirmed: nullable(z.boolean()),
  prNumber: nullable(z.number().int()),
  resolutionStrategy: nullable(z.string()),
  attemptsMade: nullable(count),
});

export const TokenUsageSchema = z.looseObject({
  inputTokens: nullable(count),
  outputTokens: nullable(count),
  cachedTokens: nullable(count),
  totalTokens: nullable(count),
});

/**
 * What an agent session (a transcript or trajectory) shows as a whole, counted over every step, not just
 * the entries kept as agentLogs. Filled by the transcript readers; task files may give it too.
 */
export const AgentSessionSchema = z.looseObject({
  /** Actions or tool calls. */
  steps: count,
  /** Commands that failed: a non-zero exit, a tool result marked as an error, or a failure the output shows. */
  failedCommands: count,
  /** File edits (edit, create, str_replace, Write, Edit, sed -i, ...). */
  edits: count,
  /** Edits the harness refused (SWE-agent's lint check: "Your proposed edit has introduced new syntax error(s)"). */
  rejectedEdits: count.default(0),
  /** Runs of tests or scripts that check the change (pytest, npm test, python reproduce.py, ...). */
  testRuns: count.default(0),
  testedAfterLastEdit: nullable(z.boolean()),
  lastTestPassed: nullable(z.boolean()),
  /** Times the agent itself declared failure (a `fail` action, an exit on cost or error). */
  gaveUp: count.default(0),
  exitStatus: nullable(z.string()),
  /** The submitted patch, when the session records one. */
  patchLinesAdded: nullable(count),
  patchLinesDeleted: nullable(count),
  patchFiles: nullable(count),
});

/** Retry and recovery counters, by Fusion's column names. */
export const TASK_COUNTER_FIELDS = [
  'mergeRetries',
  'workflowStepRetries',
  'stuckKillCount',
  'postReviewFixCount',
  'recoveryRetryCount',
  'taskDoneRetryCount',
  'verificationFailureCount',
  'mergeConflictBounceCount',
  'mergeAuditBounceCount',
  'mergeTransientRetryCount',
] as const;

export type TaskCounterField = (typeof TASK_COUNTER_FIELDS)[number];

const counterShape = Object.fromEntries(TASK_COUNTER_FIELDS.map((f) => [f, nullable(count)])) as {
  [K in TaskCounterField]: ReturnType<typeof nullable<typeof count>>;
};

/**
 * One task record: a superset of what Fusion stores, by Fusion's field names.
 * Unknown fields are kept, so a snapshot loses nothing the source gave.
 */
export const TaskSchema = z.looseObject({
  id: TaskIdSchema,
  title: nullable(z.string()),
  description: nullable(z.string()),
  /** The full spec (Fusion's PROMPT.md). */
  prompt: nullable(z.string()),
  column: nullable(z.string()),
  status: nullable(z.string()),
  priority: nullable(z.union([z.string(), z.number()])),
  size: nullable(z.string()),
  reviewLevel: nullable(z.number().int()),
  currentStep: nullable(z.number().int()),
  branch: nullable(z.string()),
  baseBranch: nullable(z.string()),
  baseCommitSha: nullable(z.string()),
  worktree: nullable(z.string()),
  modelProvider: nullable(z.string()),
  modelId: nullable(z.string()),
  /** The agent that did the work (an orchestrator's agent name, `claude-code`, `codex`...). */
  agent: nullable(z.string()),
  /** That agent's own version, as its session recorded it (`2.0.14`, `0.46.0`). */
  agentVersion: nullable(z.string()),
  /** Who did the work and how that is known (session, task record, commit trailers, bot authors, branch); set by the sources. */
  identity: maybe(TaskIdentitySchema),
  /** Free cohort labels such as `prompt: v2`, compared by `taskeval compare --by label:KEY`. */
  labels: maybe(z.record(z.string(), z.string())),
  summary: nullable(z.string()),
  error: nullable(z.string()),
  createdAt: nullable(TimestampSchema),
  updatedAt: nullable(TimestampSchema),
  columnMovedAt: nullable(TimestampSchema),
  executionStartedAt: nullable(TimestampSchema),
  executionCompletedAt: nullable(TimestampSchema),
  archivedAt: nullable(TimestampSchema),
  dependencies: nullable(z.array(z.string())),
  modifiedFiles: nullable(z.array(z.string())),
  steps: nullable(z.array(TaskStepSchema)),
  log: nullable(z.array(TaskLogEntrySchema)),
  workflowStepResults: nullable(z.array(WorkflowStepResultSchema)),
  reviews: nullable(z.array(TaskReviewSchema)),
  documents: nullable(z.array(TaskDocumentSchema)),
  agentLogs: nullable(z.array(AgentLogEntrySchema)),
  runAudit: nullable(z.array(RunAuditEventSchema)),
  prInfo: maybe(PrInfoSchema),
  /** Pull requests that carried this task's work (their commits, title or branch name it); set by the sources. */
  pullRequests: nullable(z.array(PrInfoSchema)),
  mergeDetails: maybe(MergeDetailsSchema),
  tokenUsage: maybe(TokenUsageSchema),
  /** What the agent's tokens cost in US dollars: from the record, or from sources.prices for its model. */
  agentCostUsd: nullable(z.number().nonnegative()),
  agentSession: maybe(AgentSessionSchema),
  /** The ids of the agent sessions that did the work (linked by their commits, or given by the record). */
  sessionIds: nullable(z.array(z.string().max(200)).max(50)),
  tokenUsageInputTokens: nullable(count),
  tokenUsageOutputTokens: nullable(count),
  tokenUsageCachedTokens: nullable(count),
  tokenUsageTotalTokens: nullable(count),
  ...counterShape,
});

export type Task = z.output<typeof TaskSchema>;
export type TaskInput = z.input<typeof TaskSchema>;
export type TaskStep = z.output<typeof TaskStepSchema>;
export type TaskLogEntry = z.output<typeof TaskLogEntrySchema>;
export type WorkflowStepResult = z.output<typeof WorkflowStepResultSchema>;
export type TaskReview = z.output<typeof TaskReviewSchema>;
export type ReviewVerdict = z.output<typeof ReviewVerdictSchema>;
export type TaskDocument = z.output<typeof TaskDocumentSchema>;
export type AgentLogEntry = z.output<typeof AgentLogEntrySchema>;
export type AgentLogType = z.output<typeof AgentLogTypeSchema>;
export type RunAuditEvent = z.output<typeof RunAuditEventSchema>;
export type PrInfo = z.output<typeof PrInfoSchema>;
export type MergeDetails = z.output<typeof MergeDetailsSchema>;
export type AgentSession = z.output<typeof AgentSessionSchema>;
