import { z } from 'zod';
import { ApiError } from '../error-status.js';
import { SCORE_BAND_NAMES, type ScoreBand } from '../../core/index.js';
import {
  RESULT_SORT_KEYS,
  RUN_STATUSES,
  RUN_TRIGGERS,
  TREND_COHORTS,
  type ListResultsQuery,
  type ListRunsQuery,
} from '../../store/index.js';

/** Largest page any listing returns; the store enforces the same bound. */
export const MAX_PAGE_SIZE = 500;

const int = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { message: 'expected a whole number' })
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

const limit = (fallback: number) => int(1, MAX_PAGE_SIZE).default(fallback);
const offset = int(0, Number.MAX_SAFE_INTEGER).default(0);
const id = z.string().min(1).max(200);

/** `label=prompt:v2,team:web`: every pair must match. */
const labels = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.string().regex(/^[A-Za-z0-9_.-]+:.+$/, { message: 'expected key:value pairs separated by commas' }))
      .min(1),
  )
  .transform((pairs) =>
    Object.fromEntries(pairs.map((p) => [p.slice(0, p.indexOf(':')), p.slice(p.indexOf(':') + 1)])),
  );

const bands = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((b) => b.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.enum(SCORE_BAND_NAMES as unknown as [ScoreBand, ...ScoreBand[]]))
      .min(1, { message: 'expected one or more bands' }),
  );

/** `GET /api/runs` query string. */
export const RunsQuerySchema = z.strictObject({
  status: z.enum(RUN_STATUSES).optional(),
  trigger: z.enum(RUN_TRIGGERS).optional(),
  limit: limit(20),
  offset,
});

/** `GET /api/results` query string; `run` and `task` are ids, `q` searches task id and title. */
export const ResultsQuerySchema = z
  .strictObject({
    run: id.optional(),
    task: id.optional(),
    band: bands.optional(),
    status: z.enum(['scored', 'error', 'skipped']).optional(),
    mode: z.enum(['deterministic-only', 'hybrid']).optional(),
    min: int(0, 100).optional(),
    max: int(0, 100).optional(),
    q: z.string().trim().max(200).optional(),
    model: id.optional(),
    provider: id.optional(),
    agent: id.optional(),
    project: id.optional(),
    label: labels.optional(),
    /** `latest=1`: each task once, its newest result. */
    latest: z
      .enum(['1', 'true', '0', 'false'])
      .transform((v) => v === '1' || v === 'true')
      .optional(),
    sort: z.enum(RESULT_SORT_KEYS).default('evaluatedAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
    limit: limit(50),
    offset,
  })
  .refine((q) => q.min === undefined || q.max === undefined || q.min <= q.max, {
    message: 'min must not exceed max',
    path: ['min'],
  });

export const HistoryQuerySchema = z.strictObject({ limit: limit(100), offset });

const flag = z.enum(['1', 'true', '0', 'false']).transform((v) => v === '1' || v === 'true');

export const TrendsQuerySchema = z.strictObject({
  bucket: z.enum(['day', 'week']).default('day'),
  run: id.optional(),
  by: z.enum(TREND_COHORTS).optional(),
  mixModes: flag.optional(),
});

/** `GET /api/compare` and `/compare`: `by` for cohorts, or `a` and `b` for two runs paired by task. */
export const CompareQuerySchema = z
  .strictObject({
    by: z
      .string()
      .regex(/^(model|provider|agent|project|task-type|label:[A-Za-z0-9_.-]+)$/, {
        message: 'expected model, provider, agent, project, task-type or label:KEY',
      })
      .optional(),
    minN: int(1, 100_000).default(10),
    a: id.optional(),
    b: id.optional(),
    mixModes: flag.optional(),
  })
  .refine((q) => (q.a === undefined) === (q.b === undefined), { message: 'give both runs, a and b', path: ['a'] });

export type RunsQuery = z.output<typeof RunsQuerySchema>;
export type ResultsQuery = z.output<typeof ResultsQuerySchema>;

/** Parses a query string record, ignoring the auth token and empty values (blank form fields). */
export function parseQuery<S extends z.ZodType>(schema: S, raw: Record<string, string>): z.output<S> {
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'token' || value === '') continue;
    cleaned[key] = value;
  }
  const parsed = schema.safeParse(cleaned);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  // Query parameters are flat: name the parameter, not a path inside its parsed value.
  const field = issue.code === 'unrecognized_keys' ? (issue.keys[0] ?? '') : String(issue.path[0] ?? '');
  const message =
    issue.code === 'unrecognized_keys' ? `unknown query parameter ${field}` : `${field}: ${issue.message}`;
  throw new ApiError('invalid_input', `${message} (got ${JSON.stringify(raw[field] ?? null)})`, field);
}

/** The store query for a parsed results query. */
export function toListResultsQuery(q: ResultsQuery): ListResultsQuery {
  return {
    ...(q.run ? { runId: q.run } : {}),
    ...(q.task ? { taskId: q.task } : {}),
    ...(q.band ? { band: q.band.length === 1 ? q.band[0]! : q.band } : {}),
    ...(q.status ? { status: q.status } : {}),
    ...(q.mode ? { mode: q.mode } : {}),
    ...(q.min !== undefined ? { min: q.min } : {}),
    ...(q.max !== undefined ? { max: q.max } : {}),
    ...(q.q ? { q: q.q } : {}),
    ...(q.model ? { model: q.model } : {}),
    ...(q.provider ? { provider: q.provider } : {}),
    ...(q.agent ? { agent: q.agent } : {}),
    ...(q.project ? { projectId: q.project } : {}),
    ...(q.label ? { labels: q.label } : {}),
    ...(q.latest ? { latest: true } : {}),
    sort: q.sort,
    order: q.order,
    limit: q.limit,
    offset: q.offset,
  };
}

/** The store query for a parsed runs query. */
export function toListRunsQuery(q: RunsQuery): ListRunsQuery {
  return {
    ...(q.status ? { status: q.status } : {}),
    ...(q.trigger ? { trigger: q.trigger } : {}),
    limit: q.limit,
    offset: q.offset,
  };
}
