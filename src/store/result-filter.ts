import { HUMAN_OR_UNKNOWN, SCORE_BANDS } from '../core/index.js';
import type { ParsedListResultsQuery } from './store-inputs.js';
import { escapeLike } from './escape-like.js';

/** Sort keys to columns: the only way a name reaches ORDER BY. */
export const RESULT_SORT_COLUMNS = Object.freeze({
  overall: 'r.overall_score',
  evaluatedAt: 'r.evaluated_at',
  taskId: 'r.task_id',
  agentPerformance: 'r.ap_final',
  taskOutcomeQuality: 'r.toq_final',
  processCompliance: 'r.pc_final',
} as const);

export interface SqlFragment {
  sql: string;
  params: unknown[];
}

/** A case-insensitive substring match of task id or title, as plain LIKE/ILIKE with escaped wildcards. */
export function likeTextClause(like: 'LIKE' | 'ILIKE'): (text: string) => SqlFragment {
  return (text) => {
    const pattern = `%${escapeLike(text)}%`;
    return { sql: `(r.task_id ${like} ? ESCAPE '\\' OR r.title ${like} ? ESCAPE '\\')`, params: [pattern, pattern] };
  };
}

/** How a backend's SQL differs in a listing. */
export interface ResultFilterDialect {
  /** The case-insensitive substring match over task id and title. */
  textClause: (text: string) => SqlFragment;
  /** The unique column that orders ties; defaults to the public id. */
  tiebreak?: string;
  /** A label's value in the labels JSON column (the key is checked to be letters, digits, _ . -). */
  labelValue: (key: string) => SqlFragment;
  /** Filter bands as overall-score ranges, so a score index answers them (a band is a function of the score). */
  bandsAsScoreRanges?: boolean;
}

/** Inclusive score ranges covering `bands`, adjacent bands merged: weak + failing is 0..59. */
export function bandScoreRanges(bands: readonly string[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const { band, min, max } of SCORE_BANDS) {
    if (!bands.includes(band)) continue;
    const last = ranges.at(-1);
    if (last && last[1] + 1 === min) last[1] = max;
    else ranges.push([min, max]);
  }
  return ranges;
}

/** WHERE and ORDER BY of a result listing, with `?` placeholders (a backend renumbers them). */
export function buildResultFilter(
  query: ParsedListResultsQuery,
  dialect: ResultFilterDialect,
): { where: SqlFragment; orderBy: string } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => {
    clauses.push(sql);
    params.push(...values);
  };
  if (query.runId !== undefined) add('r.run_id = ?', query.runId);
  if (query.taskId !== undefined) add('r.task_id = ?', query.taskId);
  if (query.projectId !== undefined)
    add('r.run_id IN (SELECT id FROM eval_runs WHERE project_id = ?)', query.projectId);
  if (query.band !== undefined) {
    const bands = Array.isArray(query.band) ? query.band : [query.band];
    if (dialect.bandsAsScoreRanges) {
      const ranges = bandScoreRanges(bands);
      add(`(${ranges.map(() => 'r.overall_score BETWEEN ? AND ?').join(' OR ')})`, ...ranges.flat());
    } else add(`r.overall_band IN (${bands.map(() => '?').join(', ')})`, ...bands);
  }
  if (query.status !== undefined) add('r.status = ?', query.status);
  if (query.mode !== undefined) add('r.mode = ?', query.mode);
  if (query.min !== undefined) add('r.overall_score >= ?', query.min);
  if (query.max !== undefined) add('r.overall_score <= ?', query.max);
  if (query.since !== undefined) add('r.evaluated_at >= ?', query.since);
  if (query.until !== undefined) add('r.evaluated_at <= ?', query.until);
  if (query.model !== undefined) add('r.model_id = ?', query.model);
  if (query.provider !== undefined) add('r.model_provider = ?', query.provider);
  // Work no rule named an agent for is its own cohort, stored without one.
  if (query.agent === HUMAN_OR_UNKNOWN) clauses.push('r.agent IS NULL');
  else if (query.agent !== undefined) add('r.agent = ?', query.agent);
  for (const [key, value] of Object.entries(query.labels ?? {})) {
    const label = dialect.labelValue(key);
    add(`${label.sql} = ?`, ...label.params, value);
  }
  if (query.latest) {
    add(
      'NOT EXISTS (SELECT 1 FROM eval_task_results n WHERE n.task_id = r.task_id AND (n.evaluated_at > r.evaluated_at OR (n.evaluated_at = r.evaluated_at AND n.id > r.id)))',
    );
  }
  if (query.q !== undefined && query.q.trim() !== '') {
    const text = dialect.textClause(query.q.trim());
    add(text.sql, ...text.params);
  }
  const column = RESULT_SORT_COLUMNS[query.sort];
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  // Unscored rows have no scores: NULLS LAST keeps them after the scored ones in either direction.
  const nulls = column === 'r.task_id' || column === 'r.evaluated_at' ? '' : ' NULLS LAST';
  return {
    where: { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params },
    orderBy: `ORDER BY ${column} ${direction}${nulls}, ${dialect.tiebreak ?? 'r.id'} ${direction}`,
  };
}
