import { StoreError } from '../../core/index.js';
import { newId } from '../new-id.js';
import { buildResultFilter } from '../result-filter.js';
import { chooseSqliteIndex, indexHasText } from './choose-sqlite-index.js';
import { sqliteTextClause } from './sqlite-text-clause.js';
import type { SqliteTextIndex } from './sqlite-text-index.js';
import { SQLITE_LISTING } from './sqlite-listing-dialect.js';
import { NO_TEXT_PLAN, SqliteTextSearch, type TextPlan } from './sqlite-text-search.js';
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
import {
  resultDayParams,
  resultDaysJson,
  SQLITE_ADD_RESULT_DAY,
  SQLITE_ADD_RESULT_DAYS,
} from '../add-result-days-sql.js';
import { assertWritable } from '../run-lifecycle.js';
import { taskEvaluatedEvent } from '../task-evaluated-event.js';
import {
  ListResultsQuerySchema,
  parseStoreInput,
  type ParsedScoredTasksQuery,
  SaveResultInputSchema,
  TaskHistoryQuerySchema,
  TrendsQuerySchema,
  type ListResultsQuery,
  type ParsedListResultsQuery,
  type SaveResultInput,
  type TaskHistoryQuery,
  type TrendsQuery,
} from '../store-inputs.js';
import type { Page, ResultFacets, ResultSummary, StoredResult, TrendPoint } from '../store-types.js';
import { sqliteMappers, toJsonText, type SqliteDb } from './sqlite-db.js';
import { scoredTasksSql, type ScoredTasksCursor } from '../scored-tasks-sql.js';
import type { SqliteRuns } from './sqlite-runs.js';

/** Listing columns: everything but the bundle, signals, snapshot and other large JSON. */
const SUMMARY_COLUMNS =
  'r.id, r.run_id, r.task_id, r.title, r.status, r.mode, r.overall_score, r.overall_band, r.ap_final, r.toq_final, r.pc_final, ' +
  'r.category_scores, r.reason, r.transient, r.completed_at, r.evaluated_at, r.agent, r.model_provider, r.model_id, r.labels, ' +
  'r.agent_version, r.identity, r.rubric_version, r.change_size, r.agent_tokens, r.agent_cost_usd, r.judge_cost_usd, ' +
  "json_extract(r.provenance, '$.historyGaps') AS history_gaps";
/** Summaries for aggregates: the same columns without the category breakdown's JSON and the history gaps. */
const BRIEF_COLUMNS = SUMMARY_COLUMNS.replace('r.category_scores,', 'NULL AS category_scores,').replace(
  "json_extract(r.provenance, '$.historyGaps') AS history_gaps",
  'NULL AS history_gaps',
);

/** Values a facet lists at most. */
const FACET_LIMIT = 200;

/** Trend buckets to SQL expressions; weeks start on Monday. */
/** When a result's task happened: its completion, else its evaluation (the trend index holds this expression). */
const TREND_TIME = 'coalesce(r.completed_at, r.evaluated_at)';
const BUCKETS = {
  day: `substr(${TREND_TIME}, 1, 10)`,
  week: `date(${TREND_TIME}, 'weekday 0', '-6 days')`,
} as const;
const COHORT_COLUMNS = { model: 'r.model_id', provider: 'r.model_provider', agent: 'r.agent' } as const;

const INSERT_RESULT = `INSERT INTO eval_task_results (${RESULT_COLUMNS.join(', ')}) VALUES (${RESULT_COLUMNS.map(() => '?').join(', ')})`;

/** Result statements for SQLite. */
export class SqliteResults {
  private readonly search: SqliteTextSearch;

  constructor(
    private readonly db: SqliteDb,
    private readonly runs: SqliteRuns,
    /** Task ids and titles held in memory (a long-lived server); null: text is matched in SQL. */
    readonly texts: SqliteTextIndex | null = null,
  ) {
    this.search = new SqliteTextSearch(db, texts);
  }

  /** Saves results and their events in one transaction: all of them or none. */
  saveMany(runId: string, inputs: readonly SaveResultInput[], context: string): StoredResult[] {
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
      return { result, meta, now: parsed.now, row: resultToRow(result, meta, toJsonText, (b) => (b ? 1 : 0)) };
    });
    this.db.write(`${context} ${prepared.map((p) => p.result.taskId).join(', ')}`.slice(0, 200), () => {
      assertWritable(runId, this.runs.status(runId), 'result');
      // The immediate transaction holds the write lock, so one seq lookup numbers the whole batch.
      let seq = this.runs.nextSeq(runId);
      for (const p of prepared) {
        this.db.run(INSERT_RESULT, ...p.row);
        const event = taskEvaluatedEvent(p.result, p.meta.id);
        this.runs.insertEventAt(runId, seq++, 'task_evaluated', event.message, event.data, p.now);
      }
      if (prepared.length === 1) this.db.run(SQLITE_ADD_RESULT_DAY, resultDayParams(prepared[0]!.row));
      else this.db.run(SQLITE_ADD_RESULT_DAYS, resultDaysJson(prepared.map((p) => p.row)));
    });
    return prepared.map((p) => ({ ...p.result, ...p.meta }) as StoredResult);
  }

  get(resultId: string): StoredResult {
    const row = this.db.read('getResult', () =>
      this.db.get<ResultRow>('SELECT * FROM eval_task_results WHERE id = ?', resultId),
    );
    if (!row) throw new StoreError('not_found', `result ${resultId} does not exist`, { field: 'resultId' });
    return sqliteMappers.toStoredResult(row);
  }

  find(query: { taskId: string; runId?: string }): StoredResult | null {
    const row = this.db.read('findResult', () =>
      query.runId === undefined
        ? this.db.get<ResultRow>(
            'SELECT * FROM eval_task_results WHERE task_id = ? ORDER BY evaluated_at DESC, id DESC LIMIT 1',
            query.taskId,
          )
        : this.db.get<ResultRow>(
            'SELECT * FROM eval_task_results WHERE task_id = ? AND run_id = ?',
            query.taskId,
            query.runId,
          ),
    );
    return row ? sqliteMappers.toStoredResult(row) : null;
  }

  /**
   * What a project filter selects. Usually every run (the store lives in the project's .taskeval
   * directory): then the filter is dropped so a sort index can answer alone.
   */
  private projectScope(projectId: string): 'every run' | 'no run' | 'some runs' {
    const runs = this.db.get<{ mine: number; others: number }>(
      'SELECT count(*) FILTER (WHERE project_id = ?) AS mine, count(*) FILTER (WHERE project_id <> ?) AS others FROM eval_runs',
      projectId,
      projectId,
    )!;
    return runs.mine === 0 ? 'no run' : runs.others === 0 ? 'every run' : 'some runs';
  }

  /** The query with a project filter that selects every run removed; null when it selects none. */
  private narrowProject(q: ParsedListResultsQuery): ParsedListResultsQuery | null {
    if (q.projectId === undefined) return q;
    const scope = this.projectScope(q.projectId);
    if (scope === 'no run') return null;
    if (scope === 'some runs') return q;
    const { projectId: _everyRun, ...rest } = q;
    return rest;
  }

  /** A listing made ready for SQL: the project filter narrowed and the text filter planned (SqliteTextSearch). */
  private prepareListing(parsed: ParsedListResultsQuery): { q: ParsedListResultsQuery; text: TextPlan } | null {
    const q = this.narrowProject(parsed);
    return q === null ? null : { q, text: this.search.plan(q) };
  }

  /** The page (pks only) and count statements of a listing, each reading one covering index or a few rows by pk. */
  private listingSql(q: ParsedListResultsQuery, text: TextPlan) {
    const statement = (purpose: 'page' | 'count') => {
      const index = text.pks ? null : chooseSqliteIndex(q, purpose);
      const direct = indexHasText(index);
      const { where, orderBy } = buildResultFilter(q, {
        ...SQLITE_LISTING,
        textClause: (needle) => this.search.clause(text, needle, direct),
      });
      const from = `FROM eval_task_results r${index ? ` INDEXED BY ${index}` : ''}`;
      return purpose === 'page'
        ? {
            sql: `SELECT r.pk ${from} ${where.sql} ${orderBy} LIMIT ? OFFSET ?`,
            params: [...where.params, q.limit, q.offset],
          }
        : { sql: `SELECT count(*) AS n ${from} ${where.sql}`, params: where.params };
    };
    return { page: statement('page'), count: statement('count') };
  }

  /** SQLite's query plan for a listing's page and count, to check that no plan reads wide rows. */
  explain(query: ListResultsQuery): { page: string; count: string } {
    const parsed = parseStoreInput(ListResultsQuerySchema, query, 'listResults');
    return this.db.snapshot('listResults', () => {
      const ready = this.prepareListing(parsed) ?? { q: parsed, text: NO_TEXT_PLAN };
      const sql = this.listingSql(ready.q, ready.text);
      const plan = (s: { sql: string; params: unknown[] }) =>
        this.db
          .all<{ detail: string }>(`EXPLAIN QUERY PLAN ${s.sql}`, ...s.params)
          .map((r) => r.detail)
          .join(' | ');
      return { page: plan(sql.page), count: plan(sql.count) };
    });
  }

  list(query: ListResultsQuery | undefined): Page<ResultSummary> | Page<StoredResult> {
    const parsed = parseStoreInput(ListResultsQuerySchema, query ?? {}, 'listResults');
    // One snapshot: the text matches, the page and the count must agree while another process writes.
    return this.db.snapshot('listResults', () => {
      const ready = this.prepareListing(parsed);
      if (ready === null || ready.text.pks?.length === 0) return { items: [], count: 0 };
      const { q, text } = ready;
      // Page pks first (answered from a narrow index), then read only those wide rows.
      const sql = this.listingSql(q, text);
      const { pks, count } = this.search.asking(text, () => {
        const pks = this.db.all<{ pk: number }>(sql.page.sql, ...sql.page.params).map((r) => r.pk);
        // A filter the per-day sums answer is counted from them: a few rows per run and day, not every match.
        const fromDays = resultDaysCountSql(q, 'sqlite');
        const count =
          !q.count || (q.offset === 0 && pks.length < q.limit)
            ? q.offset + pks.length
            : text.count !== null
              ? text.count
              : fromDays
                ? this.db.get<{ n: number }>(fromDays.sql, ...fromDays.params)!.n
                : this.db.get<{ n: number }>(sql.count.sql, ...sql.count.params)!.n;
        return { pks, count };
      });
      const rows = pks.length
        ? this.db.all<ResultRow & { pk: number }>(
            `SELECT r.pk, ${q.full ? wholeResultColumns(q) : q.brief ? BRIEF_COLUMNS : SUMMARY_COLUMNS} FROM eval_task_results r WHERE r.pk IN (${pks.map(() => '?').join(', ')})`,
            ...pks,
          )
        : [];
      const byPk = new Map(rows.map((r) => [r.pk, r]));
      const ordered = pks.map((pk) => byPk.get(pk)!);
      return q.full
        ? { items: ordered.map(sqliteMappers.toStoredResult), count }
        : { items: ordered.map(sqliteMappers.toSummary), count };
    });
  }

  history(taskId: string, query: TaskHistoryQuery | undefined): Page<ResultSummary> {
    const q = parseStoreInput(TaskHistoryQuerySchema, query ?? {}, 'taskHistory');
    return this.db.read('taskHistory', () => ({
      items: this.db
        .all<ResultRow>(
          `SELECT ${SUMMARY_COLUMNS} FROM eval_task_results r WHERE r.task_id = ? ORDER BY r.evaluated_at ASC, r.id ASC LIMIT ? OFFSET ?`,
          taskId,
          q.limit,
          q.offset,
        )
        .map(sqliteMappers.toSummary),
      count: this.db.get<{ n: number }>('SELECT count(*) AS n FROM eval_task_results WHERE task_id = ?', taskId)!.n,
    }));
  }

  trends(query: TrendsQuery): TrendPoint[] {
    const q = parseStoreInput(TrendsQuerySchema, query, 'trends');
    const rows = this.db.read('trends', () => {
      const scope = q.projectId === undefined ? 'every run' : this.projectScope(q.projectId);
      if (scope === 'no run') return [];
      type Row = {
        cohort: string | null;
        bucket: string;
        n: number;
        ap: number;
        toq: number;
        pc: number;
        overall: number;
      };
      if (trendFitsDays(q.since)) {
        const { sql, params } = resultDaysTrendSql(q, 'sqlite', scope === 'some runs');
        return this.db.all<Row>(sql, ...params);
      }
      const clauses = ["r.status = 'scored'"];
      const params: unknown[] = [];
      if (q.since !== undefined) (clauses.push(`${TREND_TIME} >= ?`), params.push(q.since));
      if (q.runId !== undefined) (clauses.push('r.run_id = ?'), params.push(q.runId));
      if (q.mode !== undefined) (clauses.push('r.mode = ?'), params.push(q.mode));
      if (q.rubricVersion !== undefined) (clauses.push('r.rubric_version = ?'), params.push(q.rubricVersion));
      if (scope === 'some runs')
        (clauses.push('r.run_id IN (SELECT id FROM eval_runs WHERE project_id = ?)'), params.push(q.projectId));
      const cohort = q.by ? COHORT_COLUMNS[q.by] : 'NULL';
      // A start within a day: every result since then, from the trend index, which carries every column read.
      return this.db.all<Row>(
        `SELECT ${cohort} AS cohort, ${BUCKETS[q.bucket]} AS bucket, count(*) AS n, avg(r.ap_final) AS ap, avg(r.toq_final) AS toq, avg(r.pc_final) AS pc,
           avg(r.overall_score) AS overall FROM eval_task_results r INDEXED BY eval_task_results_trend WHERE ${clauses.join(' AND ')}
           GROUP BY cohort, bucket ORDER BY cohort IS NULL, cohort, bucket`,
        ...params,
      );
    });
    return rows.map((r) => ({
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

  /** Scored results per mode and rubric version, most first: what a trend or comparison keeps to one scale. */
  modes(runId: string | undefined): ResultFacets['modes'] {
    const { sql, params } = resultDaysModesSql(runId, 'sqlite', FACET_LIMIT);
    return this.db.read('resultModes', () =>
      this.db
        .all<{ mode: 'deterministic-only' | 'hybrid'; rubric_version: string | null; n: number }>(sql, ...params)
        .map((r) => ({ mode: r.mode, rubricVersion: r.rubric_version, n: r.n })),
    );
  }

  /** A run's scored results per overall band (bands with none are absent). */
  bands(runId: string): Record<string, number> {
    const { sql, params } = resultDaysBandsSql(runId, 'sqlite');
    return this.db.read('resultBands', () =>
      Object.fromEntries(this.db.all<{ band: string; n: number }>(sql, ...params).map((r) => [r.band, r.n])),
    );
  }

  facets(runId: string | undefined): ResultFacets {
    return this.db.read('resultFacets', () => {
      const inRun = runId === undefined ? '' : ' AND run_id = ?';
      const args = runId === undefined ? [] : [runId];
      const values = (column: string) =>
        this.db
          .all<{ v: string }>(
            `SELECT DISTINCT ${column} AS v FROM eval_task_results WHERE ${column} IS NOT NULL${inRun} ORDER BY v LIMIT ${FACET_LIMIT}`,
            ...args,
          )
          .map((r) => r.v);
      return {
        modes: this.modes(runId),
        agents: values('agent'),
        models: values('model_id'),
        providers: values('model_provider'),
        labelKeys: this.db
          .all<{ v: string }>(
            `SELECT DISTINCT j.key AS v FROM eval_task_results r, json_each(r.labels) j WHERE r.labels IS NOT NULL${inRun.replace('run_id', 'r.run_id')} ORDER BY v LIMIT ${FACET_LIMIT}`,
            ...args,
          )
          .map((r) => r.v),
      };
    });
  }

  taskIds(runId: string): string[] {
    return this.db.read('resultTaskIds', () => {
      this.runs.row(runId);
      return this.db
        .all<{ task_id: string }>('SELECT task_id FROM eval_task_results WHERE run_id = ? ORDER BY task_id', runId)
        .map((r) => r.task_id);
    });
  }

  /** One chunk of scored results in (task, time, id) order after the cursor, as raw rows from the comparison index. */
  scoredChunk(
    q: ParsedScoredTasksQuery,
    after: ScoredTasksCursor | null,
    limit: number,
    throughPk?: number,
  ): unknown[][] {
    const { sql, params } = scoredTasksSql(
      q,
      after,
      limit,
      'eval_task_results r INDEXED BY eval_task_results_compare',
      'sqlite',
      throughPk,
    );
    return this.db.read(
      'scoredTaskChunks',
      () =>
        this.db
          .stmt(sql)
          .raw(true)
          .all(...params) as unknown[][],
    );
  }
}
