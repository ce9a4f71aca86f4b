import { z } from 'zod';
import {
  CohortSchema,
  ErrorResultSchema,
  ForgeSchema,
  resolveScoreBand,
  ScoreBandSchema,
  ScoredResultSchema,
  SkippedResultSchema,
  StoreError,
  ValidationReportSchema,
  type TaskResult,
} from '../core/index.js';
import { RUN_EVENT_TYPES, RUN_STATUSES, RUN_TRIGGERS } from './run-lifecycle.js';

/** Any date-time Date.parse accepts, normalised to ISO-8601 UTC so stored strings sort in time order. */
export const IsoTimeSchema = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), { message: 'expected an ISO-8601 date-time' })
  .transform((s) => new Date(s).toISOString());

const Id = z.string().min(1);
const Limit = (max: number, fallback: number) => z.number().int().min(1).max(max).default(fallback);
const Offset = z.number().int().min(0).default(0);

export const RunStatusSchema = z.enum(RUN_STATUSES);
export const RunTriggerSchema = z.enum(RUN_TRIGGERS);
export const RunEventTypeSchema = z.enum(RUN_EVENT_TYPES);

export const CreateRunInputSchema = z.strictObject({
  projectId: Id,
  trigger: RunTriggerSchema,
  window: z.strictObject({ start: IsoTimeSchema.nullable(), end: IsoTimeSchema.nullable() }).nullable().default(null),
  requestedTaskIds: z.array(Id).default([]),
  provenance: z.strictObject({
    judgeProvider: z.string().nullable(),
    judgeModel: z.string().nullable(),
    rubricVersion: z.string(),
    promptVersion: z.string().nullable(),
    taskevalVersion: z.string(),
  }),
  settings: z
    .strictObject({
      judge: z.record(z.string(), z.unknown()).nullable().default(null),
      labels: z.record(z.string(), z.string()).default({}),
      queued: z.boolean().default(false),
      forge: ForgeSchema.optional(),
      rescoreOf: Id.optional(),
    })
    .default({ judge: null, labels: {}, queued: false }),
  resumeOf: Id.nullable().default(null),
  now: IsoTimeSchema,
});

export const TransitionOptionsSchema = z.strictObject({
  reason: z.string().nullable().default(null),
  summary: z.string().nullable().default(null),
  now: IsoTimeSchema,
});

// Bundles and signals are checked for shape, not entry by entry: a full parse costs more than the write itself.
const StorableBundle = z.looseObject({
  taskId: z.string(),
  runId: z.string(),
  digest: z.string(),
  groups: z.array(z.unknown()).length(8),
});
const StorableSignals = z.looseObject({
  rubricVersion: z.string(),
  values: z.record(z.string(), z.unknown()),
  categories: z.record(z.string(), z.unknown()),
});

const isScore = (n: number) => Number.isInteger(n) && n >= 0 && n <= 100;

/** A task result as the store accepts it; scores, bands and statuses are fully checked. */
export const StorableResultSchema = z
  .discriminatedUnion('status', [
    ScoredResultSchema.extend({ evidenceBundle: StorableBundle, signals: StorableSignals }),
    ErrorResultSchema.extend({
      evidenceBundle: StorableBundle.nullable().default(null),
      signals: StorableSignals.nullable().default(null),
    }),
    SkippedResultSchema,
  ])
  // Listings filter bands as score ranges, so a stored band must be the one its score falls in.
  // A score that is not one (its own issue reports it) has no band to compare.
  .refine(
    (r) => r.status !== 'scored' || !isScore(r.overallScore) || r.overallBand === resolveScoreBand(r.overallScore),
    {
      message: 'does not match overallScore (contract section 3 bands)',
      path: ['overallBand'],
    },
  )
  .transform((r) => r as TaskResult);

export const SaveResultInputSchema = z.strictObject({
  result: StorableResultSchema,
  taskSnapshot: z.unknown().default(null),
  completedAt: IsoTimeSchema.nullable().default(null),
  /** Who did the work and with what (`taskCohort`); none when not given. */
  cohort: CohortSchema.default({ agent: null, modelProvider: null, modelId: null, labels: {} }),
  now: IsoTimeSchema,
});

export const AppendEventInputSchema = z.strictObject({
  type: RunEventTypeSchema,
  message: z.string(),
  data: z.unknown().default(null),
  now: IsoTimeSchema,
});

export const SaveValidationInputSchema = z.strictObject({
  label: z.string().min(1).max(1_000),
  report: ValidationReportSchema,
  notes: z.array(z.string().max(10_000)).max(100).default([]),
  now: IsoTimeSchema,
});

export const ListEventsQuerySchema = z.strictObject({
  afterSeq: z.number().int().min(0).default(0),
  limit: Limit(10_000, 1_000),
});

export const ListRunsQuerySchema = z.strictObject({
  /** Only these runs. */
  ids: z.array(Id).max(500).optional(),
  status: RunStatusSchema.optional(),
  trigger: RunTriggerSchema.optional(),
  projectId: Id.optional(),
  limit: Limit(500, 50),
  offset: Offset,
});

/** Sort keys a result listing accepts; each maps to one whitelisted column. */
export const RESULT_SORT_KEYS = [
  'overall',
  'evaluatedAt',
  'taskId',
  'agentPerformance',
  'taskOutcomeQuality',
  'processCompliance',
] as const;
export type ResultSortKey = (typeof RESULT_SORT_KEYS)[number];

const Score = z.number().int().min(0).max(100);
const CohortValue = z.string().min(1).max(200);
const LABEL_KEY = /^[A-Za-z0-9_.-]+$/;

export const ListResultsQuerySchema = z
  .strictObject({
    runId: Id.optional(),
    taskId: Id.optional(),
    projectId: Id.optional(),
    band: z.union([ScoreBandSchema, z.array(ScoreBandSchema).min(1)]).optional(),
    status: z.enum(['scored', 'error', 'skipped']).optional(),
    mode: z.enum(['deterministic-only', 'hybrid']).optional(),
    min: Score.optional(),
    max: Score.optional(),
    // Control characters never occur in a search and would let a match span task id and title.
    q: z
      .string()
      .max(200)
      .regex(/^[^\u0000-\u001f]*$/, 'must not contain control characters')
      .optional(),
    since: IsoTimeSchema.optional(),
    until: IsoTimeSchema.optional(),
    /** Cohort filters: the model id, its provider, the agent, and labels that must all match. */
    model: CohortValue.optional(),
    provider: CohortValue.optional(),
    agent: CohortValue.optional(),
    labels: z
      .record(z.string().regex(LABEL_KEY, 'a label key is letters, digits, _ . -').max(200), CohortValue)
      .optional(),
    /** Only each task's newest result anywhere in the store, so a task scored in several runs appears once. */
    latest: z.boolean().default(false),
    sort: z.enum(RESULT_SORT_KEYS).default('evaluatedAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
    limit: Limit(500, 50),
    offset: Offset,
    /** Return whole results (bundle, signals, snapshot) instead of summaries. */
    full: z.boolean().default(false),
    /** With `full`: leave the evidence bundle, signals and task snapshot out (null), the bulk of a whole result. */
    light: z.boolean().default(false),
    /** With `light`: keep the signals (rule points, signal values), which validation reads; about a third of a row. */
    withSignals: z.boolean().default(false),
    /** Summaries without their category breakdown and history gaps: what aggregates over many results read. */
    brief: z.boolean().default(false),
    /**
     * Count every match (the default). A reader walking all pages asks for none: `count` is then the matches read
     * so far and more (offset + this page's), and a page shorter than `limit` is the last.
     */
    count: z.boolean().default(true),
  })
  .refine((q) => q.min === undefined || q.max === undefined || q.min <= q.max, {
    message: 'min must not exceed max',
    path: ['min'],
  });

/** Which scored results a comparison reads: each task's newest among these runs and times. */
export const ScoredTasksQuerySchema = z.strictObject({
  runIds: z.array(Id).max(100).optional(),
  since: IsoTimeSchema.optional(),
  until: IsoTimeSchema.optional(),
  /** Only pull request tasks (ids `PR-<n>`): the few a comparison from stored sums reads one by one. */
  pullsOnly: z.boolean().optional(),
});
export type ScoredTasksQuery = z.input<typeof ScoredTasksQuerySchema>;
export type ParsedScoredTasksQuery = z.output<typeof ScoredTasksQuerySchema>;

export const TaskHistoryQuerySchema = z.strictObject({
  limit: Limit(500, 100),
  offset: Offset,
});

/** Cohort keys a trend can be split by. */
export const TREND_COHORTS = ['model', 'provider', 'agent'] as const;

export const TrendsQuerySchema = z.strictObject({
  bucket: z.enum(['day', 'week']),
  projectId: Id.optional(),
  runId: Id.optional(),
  /** One series per cohort value instead of one series. */
  by: z.enum(TREND_COHORTS).optional(),
  /** Tasks completed (else evaluated) at or after this time. */
  since: IsoTimeSchema.optional(),
  /** Only scores made this way (a trend never mixes modes or rubric versions unknowingly). */
  mode: z.enum(['deterministic-only', 'hybrid']).optional(),
  rubricVersion: z.string().min(1).max(100).optional(),
});

export const PruneInputSchema = z.strictObject({
  olderThan: IsoTimeSchema,
  /** Report what would be deleted, and delete nothing. */
  dryRun: z.boolean().default(false),
});

export type CreateRunInput = z.input<typeof CreateRunInputSchema>;
export type TransitionOptions = z.input<typeof TransitionOptionsSchema>;
export type SaveResultInput = z.input<typeof SaveResultInputSchema>;
export type AppendEventInput = z.input<typeof AppendEventInputSchema>;
export type SaveValidationInput = z.input<typeof SaveValidationInputSchema>;
export type ListEventsQuery = z.input<typeof ListEventsQuerySchema>;
export type ListRunsQuery = z.input<typeof ListRunsQuerySchema>;
export type ListResultsQuery = z.input<typeof ListResultsQuerySchema>;
export type ParsedListResultsQuery = z.output<typeof ListResultsQuerySchema>;
export type TaskHistoryQuery = z.input<typeof TaskHistoryQuerySchema>;
export type TrendsQuery = z.input<typeof TrendsQuerySchema>;
export type PruneInput = z.input<typeof PruneInputSchema>;

/** Parses store input at the boundary; a problem becomes StoreError invalid_input naming the field. */
export function parseStoreInput<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.map(String).join('.') || what;
  throw new StoreError('invalid_input', `${what}: ${field}: ${issue.message}`, { field });
}
