import { StoreError } from '../../core/index.js';
import { newId } from '../new-id.js';
import { buildResultFilter, likeTextClause } from '../result-filter.js';
import { RESULT_COLUMNS, resultToRow, wholeResultColumns } from '../result-to-row.js';
import type { ResultRow } from '../row-mappers.js';
import { roundMean } from '../round-mean.js';
import {
  resultDaysBandsSql,
  resultDaysCountSql,
  resultDaysModesSql,
  resultDaysTrendSql,
  trendFitsDays,
} from '../result-days-sql.js';
import { PG_ADD_RESULT_DAYS, PG_RESULT_DAY_COLUMNS } from '../add-result-days-sql.js';
import { assertWritable } from '../run-lifecycle.js';
import {
  ListResultsQuerySchema,
  parseStoreInput,
  SaveResultInputSchema,
  TaskHistoryQuerySchema,
  TrendsQuerySchema,
  ScoredTasksQuerySchema,
  type ScoredTasksQuery,
  type ListResultsQuery,
  type SaveResultInput,
  type TaskHistoryQuery,
  type TrendsQuery,
} from '../store-inputs.js';
import type { Page, ResultSummary, StoredResult, ResultFacets, TrendPoint } from '../store-types.js';
import { taskEvaluatedEvent } from '../task-evaluated-event.js';
import { inTransaction, one, pgMappers, read, rows, type Queryable } from './pg-db.js';
import type pg from 'pg';
import { pgLockRunStatus } from './postgres-runs.js';
import { pgPendingOnSave } from './postgres-compare-cells.js';
import { scoredTaskChunks } from '../scored-task-chunks.js';
import { SCORED_TASK_COLUMNS, type ScoredTaskRow } from '../scored-task-row.js';
import { scoredTasksSql } from '../scored-tasks-sql.js';

const SUMMARY_COLUMNS =
  'r.id, r.run_id, r.task_id, r.title, r.status, r.mode, r.overall_score, r.overall_band, r.ap_final, r.toq_final, r.pc_final, ' +
  'r.category_scores, r.reason, r.transient, r.completed_at, r.evaluated_at, r.agent, r.model_provider, r.model_id, r.labels, ' +
  'r.agent_version, r.identity, r.rubric_version, r.change_size, r.agent_tokens, r.agent_cost_usd, r.judge_cost_usd, ' +
  "r.provenance->'historyGaps' AS history_gaps";
/** Summaries for aggregates: the same columns without the category breakdown's JSON and the history gaps. */
const BRIEF_COLUMNS = SUMMARY_COLUMNS.replace('r.category_scores,', 'NULL AS category_scores,').replace(
  "r.provenance->'historyGaps' AS history_gaps",
  'NULL AS history_gaps',
);

/** Columns kept as json (written once, read whole) and as jsonb (queried inside). */
const JSON_COLUMNS = new Set([
  'category_scores',
  'evidence_bundle',
  'signals',
  'provenance',
  'citation_issues',
  'divergence',
  'follow_up_drafts',
  'task_snapshot',
]);
const JSONB_COLUMNS = new Set(['labels', 'identity']);
const cast = (c: string) => (JSON_COLUMNS.has(c) ? '::json' : JSONB_COLUMNS.has(c) ? '::jsonb' : '');
const EVENT_PARAMS = RESULT_COLUMNS.length + 2;
/**
 * A result and its `task_evaluated` event in one statement: the run row is locked and its event counter
 * taken by the UPDATE, which matches only a running run ($1); nothing is written otherwise.
 */
const SAVE_RESULT = `WITH run AS (
    UPDATE eval_runs SET next_event_seq = next_event_seq + 1 WHERE id = $1 AND status = 'running' RETURNING next_event_seq
  ), res AS (
    INSERT INTO eval_task_results (${RESULT_COLUMNS.join(', ')})
    SELECT ${RESULT_COLUMNS.map((c, i) => `$${i + 2}${cast(c)}`).join(', ')} FROM run RETURNING id, ${PG_RESULT_DAY_COLUMNS}
  ), days AS (
    ${PG_ADD_RESULT_DAYS}
  ), pending AS (
    ${pgPendingOnSave(`$${RESULT_COLUMNS.indexOf('task_id') + 2}`)}
  ), ev AS (
    INSERT INTO eval_run_events (run_id, seq, type, message, data, created_at)
    SELECT $1, next_event_seq, 'task_evaluated', $${EVENT_PARAMS}, $${EVENT_PARAMS + 1}::jsonb, $${EVENT_PARAMS + 2} FROM run
  )
  SELECT count(*)::int AS n FROM res`;

/** When a result's task happened: its completion, else its evaluation. */
const TREND_TIME = 'coalesce(r.completed_at, r.evaluated_at)';
const BUCKETS = {
  day: `to_char(date_trunc('day', ${TREND_TIME} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`,
  week: `to_char(date_trunc('week', ${TREND_TIME} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`,
} as const;
const COHORT_COLUMNS = { model: 'r.model_id', provider: 'r.model_provider', agent: 'r.agent' } as const;

const textClause = likeTextClause('ILIKE');

/** Results and their events in one transaction, all or none. */
export async function pgSaveResults(
  pool: pg.Pool,
  runId: string,
  inputs: readonly SaveResultInput[],
  context: string,
): Promise<StoredResult[]> {
  const prepared = inputs.map((input, i) => {
    const parsed = parseStoreInput(SaveResultInputSchema, input, inputs.length === 1 ? context : `${context}[${i}]`);
    const { result } = parsed;
    const evaluatedAt = result.evaluatedAt ? new Date(result.evaluatedAt).toISOString() : parsed.now;
    const meta = {
      id: newId('res'),
      runId,
      taskSnapshot: parsed.taskSnapshot,
      completedAt: parsed.completedAt,
      evaluatedAt,
      cohort: parsed.cohort,
    };
    return {
      result,
      meta,
      now: parsed.now,
      row: resultToRow(
        result,
        meta,
        (v) => JSON.stringify(v),
        (b) => b,
      ),
    };
  });
  const label = `${context} ${prepared.map((p) => p.result.taskId).join(', ')}`.slice(0, 200);
  const write = async (q: Queryable, p: (typeof prepared)[number]) => {
    const event = taskEvaluatedEvent(p.result, p.meta.id);
    const done = await q.query<{ n: number }>(SAVE_RESULT, [
      runId,
      ...p.row,
      event.message,
      event.data === null || event.data === undefined ? null : JSON.stringify(event.data),
      p.now,
    ]);
    // Nothing written: the run is missing or not running; say which.
    if (done.rows[0]?.n !== 1) {
      assertWritable(runId, await pgLockRunStatus(q, runId), 'result');
      throw new StoreError('store_failed', `${label}: the result was not written`);
    }
  };
  // One result is one statement, atomic on its own: a round trip instead of six.
  if (prepared.length === 1) await read(label, () => write(pool, prepared[0]!));
  else
    await inTransaction(pool, label, async (client) => {
      for (const p of prepared) await write(client, p);
    });
  return prepared.map((p) => ({ ...p.result, ...p.meta }) as StoredResult);
}

export async function pgGetResult(pool: pg.Pool, resultId: string): Promise<StoredResult> {
  const row = await read('getResult', () =>
    one<ResultRow>(pool, 'SELECT * FROM eval_task_results WHERE id = ?', [resultId]),
  );
  if (!row) throw new StoreError('not_found', `result ${resultId} does not exist`, { field: 'resultId' });
  return pgMappers.toStoredResult(row);
}

export async function pgFindResult(
  pool: pg.Pool,
  query: { taskId: string; runId?: string },
): Promise<StoredResult | null> {
  const row = await read('findResult', () =>
    query.runId === undefined
      ? one<ResultRow>(
          pool,
          'SELECT * FROM eval_task_results WHERE task_id = ? ORDER BY evaluated_at DESC, id DESC LIMIT 1',
          [query.taskId],
        )
      : one<ResultRow>(pool, 'SELECT * FROM eval_task_results WHERE task_id = ? AND run_id = ?', [
          query.taskId,
          query.runId,
        ]),
  );
  return row ? pgMappers.toStoredResult(row) : null;
}

export async function pgListResults(
  pool: pg.Pool,
  query: ListResultsQuery | undefined,
): Promise<Page<ResultSummary> | Page<StoredResult>> {
  const q = parseStoreInput(ListResultsQuerySchema, query ?? {}, 'listResults');
  const { where, orderBy } = buildResultFilter(q, {
    textClause,
    labelValue: (key) => ({ sql: '(r.labels ->> ?)', params: [key] }),
  });
  return read('listResults', async () => {
    const items = await rows<ResultRow>(
      pool,
      `SELECT ${q.full ? wholeResultColumns(q) : q.brief ? BRIEF_COLUMNS : SUMMARY_COLUMNS} FROM eval_task_results r ${where.sql} ${orderBy} LIMIT ? OFFSET ?`,
      [...where.params, q.limit, q.offset],
    );
    // A filter the per-day sums answer is counted from them: a few rows per run and day, not every match.
    const fromDays = resultDaysCountSql(q, 'postgres');
    const count =
      !q.count || (q.offset === 0 && items.length < q.limit)
        ? q.offset + items.length
        : fromDays
          ? (await one<{ n: number }>(pool, fromDays.sql, fromDays.params))!.n
          : (await one<{ n: number }>(
              pool,
              `SELECT count(*)::int AS n FROM eval_task_results r ${where.sql}`,
              where.params,
            ))!.n;
    return q.full
      ? { items: items.map(pgMappers.toStoredResult), count }
      : { items: items.map(pgMappers.toSummary), count };
  });
}

export async function pgTaskHistory(
  pool: pg.Pool,
  taskId: string,
  query: TaskHistoryQuery | undefined,
): Promise<Page<ResultSummary>> {
  const q = parseStoreInput(TaskHistoryQuerySchema, query ?? {}, 'taskHistory');
  return read('taskHistory', async () => ({
    items: (
      await rows<ResultRow>(
        pool,
        `SELECT ${SUMMARY_COLUMNS} FROM eval_task_results r WHERE r.task_id = ? ORDER BY r.evaluated_at ASC, r.id ASC LIMIT ? OFFSET ?`,
        [taskId, q.limit, q.offset],
      )
    ).map(pgMappers.toSummary),
    count: (await one<{ n: number }>(pool, 'SELECT count(*)::int AS n FROM eval_task_results WHERE task_id = ?', [
      taskId,
    ]))!.n,
  }));
}

export async function pgTrends(pool: pg.Pool, query: TrendsQuery): Promise<TrendPoint[]> {
  const q = parseStoreInput(TrendsQuerySchema, query, 'trends');
  type Row = { cohort: string | null; bucket: string; n: number; ap: number; toq: number; pc: number; overall: number };
  const fromDays = trendFitsDays(q.since) ? resultDaysTrendSql(q, 'postgres', true) : null;
  const clauses = ["r.status = 'scored'"];
  const params: unknown[] = [];
  if (q.since !== undefined) (clauses.push(`${TREND_TIME} >= ?`), params.push(q.since));
  if (q.runId !== undefined) (clauses.push('r.run_id = ?'), params.push(q.runId));
  if (q.projectId !== undefined)
    (clauses.push('r.run_id IN (SELECT id FROM eval_runs WHERE project_id = ?)'), params.push(q.projectId));
  if (q.mode !== undefined) (clauses.push('r.mode = ?'), params.push(q.mode));
  if (q.rubricVersion !== undefined) (clauses.push('r.rubric_version = ?'), params.push(q.rubricVersion));
  const found = await read('trends', () =>
    fromDays
      ? rows<Row>(pool, fromDays.sql, fromDays.params)
      : // A start within a day: every result since then.
        rows<Row>(
          pool,
          `SELECT ${q.by ? COHORT_COLUMNS[q.by] : 'NULL::text'} AS cohort, ${BUCKETS[q.bucket]} AS bucket, count(*)::int AS n, avg(r.ap_final)::float8 AS ap,
         avg(r.toq_final)::float8 AS toq, avg(r.pc_final)::float8 AS pc, avg(r.overall_score)::float8 AS overall
       FROM eval_task_results r WHERE ${clauses.join(' AND ')} GROUP BY 1, 2 ORDER BY 1 NULLS LAST, 2`,
          params,
        ),
  );
  return found.map((r) => ({
    bucket: r.bucket,
    ...(q.by ? { cohort: r.cohort } : {}),
    count: r.n,
    mean: {
      agentPerformance: roundMean(r.ap),
      taskOutcomeQuality: roundMean(r.toq),
      processCompliance: roundMean(r.pc),
      overall: roundMean(r.overall),
    },
  }));
}

/** Values a facet lists at most. */
const FACET_LIMIT = 200;

/** Scored results per mode and rubric version, most first: what a trend or comparison keeps to one scale. */
export async function pgResultModes(pool: pg.Pool, runId: string | undefined): Promise<ResultFacets['modes']> {
  const { sql, params } = resultDaysModesSql(runId, 'postgres', FACET_LIMIT);
  return read('resultModes', async () =>
    (
      await rows<{ mode: 'deterministic-only' | 'hybrid'; rubric_version: string | null; n: number }>(pool, sql, params)
    ).map((r) => ({ mode: r.mode, rubricVersion: r.rubric_version, n: r.n })),
  );
}

/** A run's scored results per overall band; a band with none is absent. */
export async function pgResultBands(pool: pg.Pool, runId: string): Promise<Record<string, number>> {
  const { sql, params } = resultDaysBandsSql(runId, 'postgres');
  return read('resultBands', async () =>
    Object.fromEntries((await rows<{ band: string; n: number }>(pool, sql, params)).map((r) => [r.band, r.n])),
  );
}

export async function pgResultFacets(pool: pg.Pool, runId: string | undefined): Promise<ResultFacets> {
  return read('resultFacets', async () => {
    const inRun = runId === undefined ? '' : ' AND run_id = ?';
    const args = runId === undefined ? [] : [runId];
    const values = async (column: string) =>
      (
        await rows<{ v: string }>(
          pool,
          `SELECT DISTINCT ${column} AS v FROM eval_task_results WHERE ${column} IS NOT NULL${inRun} ORDER BY v LIMIT ${FACET_LIMIT}`,
          args,
        )
      ).map((r) => r.v);
    return {
      modes: await pgResultModes(pool, runId),
      agents: await values('agent'),
      models: await values('model_id'),
      providers: await values('model_provider'),
      labelKeys: (
        await rows<{ v: string }>(
          pool,
          `SELECT DISTINCT jsonb_object_keys(labels) AS v FROM eval_task_results WHERE labels IS NOT NULL${inRun} ORDER BY v LIMIT ${FACET_LIMIT}`,
          args,
        )
      ).map((r) => r.v),
    };
  });
}

/** Each task's newest scored result in chunks, read by keyset from the comparison index. */
export function pgScoredTaskChunks(pool: pg.Pool, query: ScoredTasksQuery): AsyncIterable<ScoredTaskRow[]> {
  const q = parseStoreInput(ScoredTasksQuerySchema, query, 'scoredTaskChunks');
  return scoredTaskChunks(
    (after, limit) =>
      read('scoredTaskChunks', async () => {
        const { sql, params } = scoredTasksSql(q, after, limit, 'eval_task_results r', 'postgres');
        const found = await rows<Record<string, unknown>>(pool, sql, params);
        return found.map((row) => SCORED_TASK_COLUMNS.map((c) => row[c]));
      }),
    (v) => v,
  );
}
