import { LifecycleError, StoreError } from '../../core/index.js';
import { newId } from '../new-id.js';
import { listedRunsSql } from '../listed-runs-sql.js';
import type { ListedRunRow, RunRow, RunTotals } from '../row-mappers.js';
import { roundMean } from '../round-mean.js';
import { resultDaysTotalsSql } from '../result-days-sql.js';
import {
  assertTransition,
  assertWritable,
  EXCLUSIVE_TRIGGERS,
  isTerminalStatus,
  type RunEventType,
  type RunStatus,
} from '../run-lifecycle.js';
import type { CreateRunInput, ListRunsQuery } from '../store-inputs.js';
import { CreateRunInputSchema, ListRunsQuerySchema, parseStoreInput } from '../store-inputs.js';
import type { EvalRun, ListedRun, Page, RunEvent } from '../store-types.js';
import { sqliteMappers, toJsonText, type SqliteDb } from './sqlite-db.js';

/** Run and event statements; every write runs inside the caller's immediate transaction. */
export class SqliteRuns {
  constructor(private readonly db: SqliteDb) {}

  create(input: CreateRunInput): EvalRun {
    const run = parseStoreInput(CreateRunInputSchema, input, 'createRun');
    const id = newId('run');
    this.db.write('createRun', () => {
      if (EXCLUSIVE_TRIGGERS.includes(run.trigger)) {
        const active = this.db.get<{ id: string; status: string }>(
          "SELECT id, status FROM eval_runs WHERE project_id = ? AND trigger = ? AND status IN ('pending','running')",
          run.projectId,
          run.trigger,
        );
        if (active) {
          throw new LifecycleError(
            'active_run_conflict',
            `project ${run.projectId} already has an active ${run.trigger} run (${active.id}, ${active.status})`,
            {
              hint: 'wait for it to finish or cancel it',
            },
          );
        }
      }
      if (run.resumeOf !== null) this.row(run.resumeOf);
      this.db.run(
        `INSERT INTO eval_runs (id, project_id, trigger, status, window_start, window_end, has_window, requested_task_ids,
           judge_provider, judge_model, rubric_version, prompt_version, taskeval_version, resume_of, created_at, heartbeat_at, settings,
           requested_tasks)
         VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        id,
        run.projectId,
        run.trigger,
        run.window?.start ?? null,
        run.window?.end ?? null,
        run.window ? 1 : 0,
        toJsonText(run.requestedTaskIds),
        run.provenance.judgeProvider,
        run.provenance.judgeModel,
        run.provenance.rubricVersion,
        run.provenance.promptVersion,
        run.provenance.taskevalVersion,
        run.resumeOf,
        run.now,
        run.now,
        toJsonText(run.settings),
        run.requestedTaskIds.length,
      );
    });
    return this.get(id);
  }

  /** The run row, or not_found. */
  row(runId: string): RunRow {
    const row = this.db.get<RunRow>('SELECT * FROM eval_runs WHERE id = ?', runId);
    if (!row)
      throw new StoreError('not_found', `run ${runId} does not exist`, {
        field: 'runId',
        hint: 'list runs with `taskeval runs`',
      });
    return row;
  }

  /** The run's status alone, or not_found: the check before every write. */
  status(runId: string): RunStatus {
    const row = this.db.get<{ status: RunStatus }>('SELECT status FROM eval_runs WHERE id = ?', runId);
    if (!row)
      throw new StoreError('not_found', `run ${runId} does not exist`, {
        field: 'runId',
        hint: 'list runs with `taskeval runs`',
      });
    return row.status;
  }

  get(runId: string): EvalRun {
    return this.db.read('getRun', () => this.toRun(this.row(runId)));
  }

  /** Moves the run; must be called inside a write transaction. */
  transitionInTx(
    runId: string,
    to: RunStatus,
    opts: { reason: string | null; summary: string | null; now: string },
  ): void {
    const row = this.row(runId);
    assertTransition(runId, row.status, to);
    const startedAt = to === 'running' ? opts.now : row.started_at;
    if (isTerminalStatus(to)) {
      const totals = this.totals(runId);
      // The list is made in SQL: a run of hundreds of thousands of tasks would hold as many rows in memory.
      const evaluated = `(SELECT json_group_array(task_id ORDER BY evaluated_at, task_id) FROM eval_task_results WHERE run_id = ?)`;
      this.db.run(
        `UPDATE eval_runs SET status = ?, reason = coalesce(?, reason), summary = coalesce(?, summary), started_at = ?, finished_at = ?,
           heartbeat_at = ?, count_total = ?, count_scored = ?, count_skipped = ?, count_errored = ?,
           mean_ap = ?, mean_toq = ?, mean_pc = ?, mean_overall = ?, evaluated_task_ids = ${evaluated},
           evaluated_tasks = (SELECT count(*) FROM eval_task_results WHERE run_id = ?) WHERE id = ?`,
        to,
        opts.reason,
        opts.summary,
        startedAt,
        opts.now,
        opts.now,
        totals.counts.total,
        totals.counts.scored,
        totals.counts.skipped,
        totals.counts.errored,
        totals.aggregates.agentPerformance,
        totals.aggregates.taskOutcomeQuality,
        totals.aggregates.processCompliance,
        totals.aggregates.overall,
        runId,
        runId,
        runId,
      );
    } else {
      this.db.run(
        'UPDATE eval_runs SET status = ?, reason = coalesce(?, reason), summary = coalesce(?, summary), started_at = ?, heartbeat_at = ? WHERE id = ?',
        to,
        opts.reason,
        opts.summary,
        startedAt,
        opts.now,
        runId,
      );
    }
    this.insertEvent(
      runId,
      'status_changed',
      `${row.status} → ${to}${opts.reason ? `: ${opts.reason}` : ''}`,
      { from: row.status, to, reason: opts.reason },
      opts.now,
    );
  }

  /** The seq the run's next event gets; only meaningful inside a write transaction. */
  nextSeq(runId: string): number {
    return this.db.get<{ seq: number }>(
      'SELECT coalesce(max(seq), 0) + 1 AS seq FROM eval_run_events WHERE run_id = ?',
      runId,
    )!.seq;
  }

  /** Inserts an event at a seq from nextSeq, counting up; must be called inside the same write transaction. */
  insertEventAt(runId: string, seq: number, type: RunEventType, message: string, data: unknown, now: string): void {
    this.db.run(
      'INSERT INTO eval_run_events (run_id, seq, type, message, data, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      runId,
      seq,
      type,
      message,
      data === null || data === undefined ? null : toJsonText(data),
      now,
    );
  }

  /** Appends an event with the next seq; must be called inside a write transaction. */
  insertEvent(runId: string, type: RunEventType, message: string, data: unknown, now: string): number {
    const row = this.db.get<{ seq: number }>(
      `INSERT INTO eval_run_events (run_id, seq, type, message, data, created_at)
       SELECT ?, coalesce(max(seq), 0) + 1, ?, ?, ?, ? FROM eval_run_events WHERE run_id = ? RETURNING seq`,
      runId,
      type,
      message,
      data === null || data === undefined ? null : toJsonText(data),
      now,
      runId,
    );
    return row!.seq;
  }

  appendEvent(runId: string, type: RunEventType, message: string, data: unknown, now: string): RunEvent {
    const seq = this.db.write('appendEvent', () => {
      assertWritable(runId, this.status(runId), 'event');
      return this.insertEvent(runId, type, message, data, now);
    });
    return { runId, seq, type, message, data: data ?? null, createdAt: now };
  }

  /** Counts and means over the run's results, straight from SQL. */
  totals(runId: string): RunTotals {
    // From the per-day sums: a running run of a million results is a few rows there.
    const t = this.db.get<Record<string, number | null>>(resultDaysTotalsSql('sqlite'), runId)!;
    return {
      counts: { total: t.total ?? 0, scored: t.scored ?? 0, skipped: t.skipped ?? 0, errored: t.errored ?? 0 },
      aggregates: {
        agentPerformance: roundMean(t.ap),
        taskOutcomeQuality: roundMean(t.toq),
        processCompliance: roundMean(t.pc),
        overall: roundMean(t.overall),
      },
    };
  }

  toRun(row: RunRow): EvalRun {
    return sqliteMappers.toRun(row, isTerminalStatus(row.status) ? undefined : this.totals(row.id));
  }

  list(query: ListRunsQuery | undefined): Page<ListedRun> {
    const q = parseStoreInput(ListRunsQuerySchema, query ?? {}, 'listRuns');
    const { page, count: counted } = listedRunsSql(q);
    return this.db.read('listRuns', () => {
      const rows = this.db.all<ListedRunRow>(page.sql, ...page.params);
      const count = this.db.get<{ n: number }>(counted.sql, ...counted.params)!.n;
      const items = rows.map((r) =>
        sqliteMappers.toListedRun(r, isTerminalStatus(r.status) ? undefined : this.totals(r.id)),
      );
      return { items, count };
    });
  }
}
