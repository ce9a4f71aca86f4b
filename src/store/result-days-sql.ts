import { HUMAN_OR_UNKNOWN } from '../core/index.js';
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
