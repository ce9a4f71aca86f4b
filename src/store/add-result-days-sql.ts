import { RESULT_COLUMNS } from './result-to-row.js';

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
