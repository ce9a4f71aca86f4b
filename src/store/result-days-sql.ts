import { HUMAN_OR_UNKNOWN } from '../core/index.js';
import { RESULT_COLUMNS } from './result-to-row.js';
import type { ParsedListResultsQuery, TrendsQuerySchema } from './store-inputs.js';
import type { z } from 'zod';

type ParsedTrendsQuery = z.output<typeof TrendsQuerySchema>;

/** The SQL dialect a query over eval_result_days is written in; placeholders are `?` in both. */
export type ResultDaysDialect = 'sqlite' | 'postgres';

const WEEK = {
  sqlite: "date(d.day, 'weekday 0', '-6 days')",
  postgres: "to_char(date_trunc('week', d.day::date), 'YYYY-MM-DD')",
} as const;
const COHORT = { model: 'd.model_id', provider: 'd.model_provider', agent: 'd.agent' } as const;

/** A trend's start at midnight UTC can be answered by whole days; a start within a day cannot. */
export function trendFitsDays(since: string | undefined): boolean {
  return since === undefined || /^\d{4}-\d{2}-\d{2}T00:00(:00(\.0+)?)?(Z|\+00:00)$/.test(since);
}

/**
 * A trend from the per-day sums: the same points as grouping every scored result, from a few rows per run
 * and day. `projectRuns` narrows to a project's runs (a subquery) when the project is not every run.
 */
export function resultDaysTrendSql(
  q: ParsedTrendsQuery,
  dialect: ResultDaysDialect,
  projectRuns: boolean,
): { sql: string; params: unknown[] } {
  const clauses = ["d.status = 'scored'"];
  const params: unknown[] = [];
  if (q.since !== undefined) (clauses.push('d.day >= ?'), params.push(q.since.slice(0, 10)));
  if (q.runId !== undefined) (clauses.push('d.run_id = ?'), params.push(q.runId));
  if (projectRuns && q.projectId !== undefined)
    (clauses.push('d.run_id IN (SELECT id FROM eval_runs WHERE project_id = ?)'), params.push(q.projectId));
  if (q.mode !== undefined) (clauses.push('d.mode = ?'), params.push(q.mode));
  if (q.rubricVersion !== undefined) (clauses.push('d.rubric_version = ?'), params.push(q.rubricVersion));
  const cohort = q.by ? COHORT[q.by] : dialect === 'postgres' ? 'NULL::text' : 'NULL';
  const bucket = q.bucket === 'day' ? 'd.day' : WEEK[dialect];
  const float = dialect === 'postgres' ? '::float8' : ' * 1.0';
  const int = dialect === 'postgres' ? '::int' : '';
  const mean = (c: string) => `sum(d.${c}_sum)${float} / nullif(sum(d.${c}_n), 0) AS ${c}`;
  return {
    sql: `SELECT ${cohort} AS cohort, ${bucket} AS bucket, sum(d.n)${int} AS n, ${mean('ap')}, ${mean('toq')}, ${mean('pc')}, ${mean('overall')}
      FROM eval_result_days d WHERE ${clauses.join(' AND ')} GROUP BY 1, 2
      ORDER BY ${dialect === 'postgres' ? 'cohort NULLS LAST' : 'cohort IS NULL, cohort'}, bucket`,
    params,
  };
}

/** A run's results per status and its mean scores (what a running run shows), from the per-day sums. */
export function resultDaysTotalsSql(dialect: ResultDaysDialect): string {
  const int = dialect === 'postgres' ? '::int' : '';
  const float = dialect === 'postgres' ? '::float8' : ' * 1.0';
  const count = (status: string, as: string) =>
    `coalesce(sum(CASE WHEN status = '${status}' THEN n END), 0)${int} AS ${as}`;
  const mean = (c: string) => `sum(${c}_sum)${float} / nullif(sum(${c}_n), 0) AS ${c}`;
  return `SELECT coalesce(sum(n), 0)${int} AS total, ${count('scored', 'scored')}, ${count('skipped', 'skipped')}, ${count('error', 'errored')},
    ${mean('ap')}, ${mean('toq')}, ${mean('pc')}, ${mean('overall')} FROM eval_result_days WHERE run_id = ?`;
}

/**
 * How many results a listing matches, from the per-day sums, when its filter names only what they keep (run,
 * project, band, status, mode, model, provider, agent); null when it asks anything else (text, scores, times,
 * labels, a task, each task's newest), which only the results can answer.
 */
export function resultDaysCountSql(
  q: ParsedListResultsQuery,
  dialect: ResultDaysDialect,
): { sql: string; params: unknown[] } | null {
  if (
    q.taskId !== undefined ||
    q.min !== undefined ||
    q.max !== undefined ||
    (q.q?.trim() ?? '') !== '' ||
    q.since !== undefined ||
    q.until !== undefined ||
    q.labels !== undefined ||
    q.latest
  )
    return null;
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => (clauses.push(sql), params.push(...values));
  if (q.runId !== undefined) add('d.run_id = ?', q.runId);
  if (q.projectId !== undefined) add('d.run_id IN (SELECT id FROM eval_runs WHERE project_id = ?)', q.projectId);
  if (q.band !== undefined) {
    const bands = Array.isArray(q.band) ? q.band : [q.band];
    add(`d.band IN (${bands.map(() => '?').join(', ')})`, ...bands);
  }
  if (q.status !== undefined) add('d.status = ?', q.status);
  if (q.mode !== undefined) add('d.mode = ?', q.mode);
  if (q.model !== undefined) add('d.model_id = ?', q.model);
  if (q.provider !== undefined) add('d.model_provider = ?', q.provider);
  if (q.agent === HUMAN_OR_UNKNOWN) clauses.push('d.agent IS NULL');
  else if (q.agent !== undefined) add('d.agent = ?', q.agent);
  return {
    sql: `SELECT coalesce(sum(d.n), 0)${dialect === 'postgres' ? '::int' : ''} AS n FROM eval_result_days d${clauses.length ? ` WHERE ${clauses.join(' AND ')}` : ''}`,
    params,
  };
}

/** Scored results per mode and rubric version, most first, from the per-day sums. */
export function resultDaysModesSql(
  runId: string | undefined,
  dialect: ResultDaysDialect,
  limit: number,
): { sql: string; params: unknown[] } {
  const int = dialect === 'postgres' ? '::int' : '';
  return {
    sql: `SELECT mode, rubric_version, sum(n)${int} AS n FROM eval_result_days WHERE status = 'scored'${runId === undefined ? '' : ' AND run_id = ?'}
      GROUP BY mode, rubric_version ORDER BY n DESC, mode, rubric_version LIMIT ${limit}`,
    params: runId === undefined ? [] : [runId],
  };
}

/** A run's scored results per overall band, from the per-day sums. */
export function resultDaysBandsSql(runId: string, dialect: ResultDaysDialect): { sql: string; params: unknown[] } {
  const int = dialect === 'postgres' ? '::int' : '';
  return {
    sql: `SELECT band, sum(n)${int} AS n FROM eval_result_days WHERE run_id = ? AND status = 'scored' AND band IS NOT NULL GROUP BY band`,
    params: [runId],
  };
}

/** What a result adds to eval_result_days, in the order SQLITE_ADD_RESULT_DAYS reads it. */
const DAY_COLUMNS = [
  'run_id',
  'completed_at',
  'evaluated_at',
  'status',
  'mode',
  'rubric_version',
  'model_id',
  'model_provider',
  'agent',
  'overall_band',
  'ap_final',
  'toq_final',
  'pc_final',
  'overall_score',
] as const;
const DAY_INDEXES = DAY_COLUMNS.map((c) => RESULT_COLUMNS.indexOf(c));

/** The JSON SQLITE_ADD_RESULT_DAYS takes for result rows (in RESULT_COLUMNS order). */
export function resultDaysJson(rows: readonly (readonly unknown[])[]): string {
  return JSON.stringify(rows.map((row) => DAY_INDEXES.map((i) => row[i])));
}

const ADD_SUMS =
  'n = n + excluded.n, ap_n = ap_n + excluded.ap_n, ap_sum = ap_sum + excluded.ap_sum, toq_n = toq_n + excluded.toq_n, ' +
  'toq_sum = toq_sum + excluded.toq_sum, pc_n = pc_n + excluded.pc_n, pc_sum = pc_sum + excluded.pc_sum, ' +
  'overall_n = overall_n + excluded.overall_n, overall_sum = overall_sum + excluded.overall_sum';

/**
 * Adds a batch of saved results to the per-day sums, in the transaction that saved them: one statement over
 * the batch's JSON (resultDaysJson), keyed as the SQLite migration keys its rows.
 */
export const SQLITE_ADD_RESULT_DAYS = `INSERT INTO eval_result_days
  SELECT json_array(run_id, day, status, mode, rubric_version, model_id, model_provider, agent, band), run_id, day,
    status, mode, rubric_version, model_id, model_provider, agent, band, count(*), count(ap), coalesce(sum(ap), 0),
    count(toq), coalesce(sum(toq), 0), count(pc), coalesce(sum(pc), 0), count(overall), coalesce(sum(overall), 0)
  FROM (SELECT value ->> 0 AS run_id, substr(coalesce(value ->> 1, value ->> 2), 1, 10) AS day, value ->> 3 AS status,
      value ->> 4 AS mode, value ->> 5 AS rubric_version, value ->> 6 AS model_id, value ->> 7 AS model_provider,
      value ->> 8 AS agent, value ->> 9 AS band, value ->> 10 AS ap, value ->> 11 AS toq, value ->> 12 AS pc,
      value ->> 13 AS overall
    FROM json_each(?))
  WHERE true GROUP BY 1 ORDER BY 1
  ON CONFLICT (key) DO UPDATE SET ${ADD_SUMS}`;

/** One result's row of DAY_COLUMNS as the named parameters SQLITE_ADD_RESULT_DAY binds. */
export function resultDayParams(row: readonly unknown[]): Record<string, unknown> {
  return Object.fromEntries(DAY_COLUMNS.map((c, i) => [c, row[DAY_INDEXES[i]!]]));
}

/** Adds one saved result to the per-day sums (a run saves one at a time): no JSON to parse, nothing to group. */
export const SQLITE_ADD_RESULT_DAY = `INSERT INTO eval_result_days
  SELECT json_array(run_id, day, status, mode, rubric_version, model_id, model_provider, agent, band), run_id, day,
    status, mode, rubric_version, model_id, model_provider, agent, band, 1, ap IS NOT NULL, coalesce(ap, 0),
    toq IS NOT NULL, coalesce(toq, 0), pc IS NOT NULL, coalesce(pc, 0), overall IS NOT NULL, coalesce(overall, 0)
  FROM (SELECT @run_id AS run_id, substr(coalesce(@completed_at, @evaluated_at), 1, 10) AS day, @status AS status,
      @mode AS mode, @rubric_version AS rubric_version, @model_id AS model_id, @model_provider AS model_provider,
      @agent AS agent, @overall_band AS band, @ap_final AS ap, @toq_final AS toq, @pc_final AS pc,
      @overall_score AS overall)
  WHERE true
  ON CONFLICT (key) DO UPDATE SET ${ADD_SUMS}`;

/** The UTC day a PostgreSQL result row counts in: its task's completion, else its evaluation. */
const PG_DAY = "to_char(coalesce(r.completed_at, r.evaluated_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD')";

/**
 * A CTE body adding the result row of CTE `res` (which returns every column it reads) to the per-day sums, in
 * the statement that saves it, keyed as the PostgreSQL migration keys its rows.
 */
export const PG_ADD_RESULT_DAYS = `INSERT INTO eval_result_days
    SELECT json_build_array(r.run_id, ${PG_DAY}, r.status, r.mode, r.rubric_version, r.model_id, r.model_provider, r.agent, r.overall_band)::text,
      r.run_id, ${PG_DAY}, r.status, r.mode, r.rubric_version, r.model_id, r.model_provider, r.agent, r.overall_band, 1,
      (r.ap_final IS NOT NULL)::int, coalesce(r.ap_final, 0), (r.toq_final IS NOT NULL)::int, coalesce(r.toq_final, 0),
      (r.pc_final IS NOT NULL)::int, coalesce(r.pc_final, 0), (r.overall_score IS NOT NULL)::int, coalesce(r.overall_score, 0)
    FROM res r
    ON CONFLICT (key) DO UPDATE SET ${ADD_SUMS.replace(/(\w+) = \1 \+/g, '$1 = eval_result_days.$1 +')}`;

/** The columns PG_ADD_RESULT_DAYS reads from `res`. */
export const PG_RESULT_DAY_COLUMNS = DAY_COLUMNS.join(', ');
