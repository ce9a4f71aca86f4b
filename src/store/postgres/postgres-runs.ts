import { LifecycleError, StoreError } from '../../core/index.js';
import { listedRunsSql } from '../listed-runs-sql.js';
import type { ListedRunRow, RunRow, RunTotals } from '../row-mappers.js';
import { roundMean } from '../round-mean.js';
import { resultDaysTotalsSql } from '../result-days-sql.js';
import {
  assertTransition,
  EXCLUSIVE_TRIGGERS,
  isTerminalStatus,
  type RunEventType,
  type RunStatus,
} from '../run-lifecycle.js';
import {
  ListRunsQuerySchema,
  parseStoreInput,
  type CreateRunInputSchema,
  type ListRunsQuery,
} from '../store-inputs.js';
import type { EvalRun, ListedRun, Page } from '../store-types.js';
import { one, pgMappers, read, rows, type Queryable } from './pg-db.js';
import type { z } from 'zod';

type ParsedCreateRun = z.output<typeof CreateRunInputSchema>;

/** The run row, locked for the rest of the transaction when `lock`; not_found when missing. */
export async function pgRunRow(q: Queryable, runId: string, lock = false): Promise<RunRow> {
  const row = await one<RunRow>(q, `SELECT * FROM eval_runs WHERE id = ?${lock ? ' FOR UPDATE' : ''}`, [runId]);
  if (!row)
    throw new StoreError('not_found', `run ${runId} does not exist`, {
      field: 'runId',
      hint: 'list runs with `taskeval runs`',
    });
  return row;
}

/**
 * Locks the run row for the rest of the transaction and returns only its status: writing a result must
 * not read back the run's id arrays, which grow with the run (a 20,000-task run carries ~0.5 MB of them).
 */
export async function pgLockRunStatus(q: Queryable, runId: string): Promise<RunStatus> {
  const row = await one<{ status: RunStatus }>(q, 'SELECT status FROM eval_runs WHERE id = ? FOR UPDATE', [runId]);
  if (!row)
    throw new StoreError('not_found', `run ${runId} does not exist`, {
      field: 'runId',
      hint: 'list runs with `taskeval runs`',
    });
  return row.status;
}

export async function pgInsertRun(q: Queryable, id: string, run: ParsedCreateRun): Promise<void> {
  if (EXCLUSIVE_TRIGGERS.includes(run.trigger)) {
    const active = await one<{ id: string; status: string }>(
      q,
      "SELECT id, status FROM eval_runs WHERE project_id = ? AND trigger = ? AND status IN ('pending','running')",
      [run.projectId, run.trigger],
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
  if (run.resumeOf !== null) await pgRunRow(q, run.resumeOf);
  await q.query(
    `INSERT INTO eval_runs (id, project_id, trigger, status, window_start, window_end, has_window, requested_task_ids,
       judge_provider, judge_model, rubric_version, prompt_version, taskeval_version, resume_of, created_at, heartbeat_at, settings,
       requested_tasks)
     VALUES ($1, $2, $3, 'pending', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15::jsonb, $16)`,
    [
      id,
      run.projectId,
      run.trigger,
      run.window?.start ?? null,
      run.window?.end ?? null,
      run.window !== null,
      JSON.stringify(run.requestedTaskIds),
      run.provenance.judgeProvider,
      run.provenance.judgeModel,
      run.provenance.rubricVersion,
      run.provenance.promptVersion,
      run.provenance.taskevalVersion,
      run.resumeOf,
      run.now,
      JSON.stringify(run.settings),
      run.requestedTaskIds.length,
    ],
  );
}

/** Counts and means over the run's results, from their per-day sums. */
export async function pgRunTotals(q: Queryable, runId: string): Promise<RunTotals> {
  const t = (await one<Record<string, number | null>>(q, resultDaysTotalsSql('postgres'), [runId]))!;
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

export async function pgToRun(q: Queryable, row: RunRow): Promise<EvalRun> {
  return pgMappers.toRun(row, isTerminalStatus(row.status) ? undefined : await pgRunTotals(q, row.id));
}

/** Appends an event with the next seq; the caller holds the run row lock, so seqs cannot collide. */
export async function pgInsertEvent(
  q: Queryable,
  runId: string,
  type: RunEventType,
  message: string,
  data: unknown,
  now: string,
): Promise<number> {
  const row = await one<{ seq: number }>(
    q,
    `WITH run AS (UPDATE eval_runs SET next_event_seq = next_event_seq + 1 WHERE id = ? RETURNING next_event_seq)
     INSERT INTO eval_run_events (run_id, seq, type, message, data, created_at)
     SELECT ?, next_event_seq, ?, ?, ?::jsonb, ? FROM run RETURNING seq`,
    [runId, runId, type, message, data === null || data === undefined ? null : JSON.stringify(data), now],
  );
  if (!row) throw new StoreError('not_found', `run ${runId} does not exist`, { field: 'runId' });
  return row.seq;
}

/** Moves a run inside the caller's transaction, freezing totals on a terminal status. */
export async function pgTransition(
  q: Queryable,
  runId: string,
  to: RunStatus,
  opts: { reason: string | null; summary: string | null; now: string },
): Promise<void> {
  const row = await pgRunRow(q, runId, true);
  assertTransition(runId, row.status, to);
  const startedAt = to === 'running' ? opts.now : row.started_at;
  if (isTerminalStatus(to)) {
    const totals = await pgRunTotals(q, runId);
    const evaluated = await rows<{ task_id: string }>(
      q,
      'SELECT task_id FROM eval_task_results WHERE run_id = ? ORDER BY evaluated_at, task_id',
      [runId],
    );
    await q.query(
      `UPDATE eval_runs SET status = $1, reason = coalesce($2, reason), summary = coalesce($3, summary), started_at = $4, finished_at = $5,
         heartbeat_at = $5, count_total = $6, count_scored = $7, count_skipped = $8, count_errored = $9,
         mean_ap = $10, mean_toq = $11, mean_pc = $12, mean_overall = $13, evaluated_task_ids = $14, evaluated_tasks = $16 WHERE id = $15`,
      [
        to,
        opts.reason,
        opts.summary,
        startedAt,
        opts.now,
        totals.counts.total,
        totals.counts.scored,
        totals.counts.skipped,
        totals.counts.errored,
        totals.aggregates.agentPerformance,
        totals.aggregates.taskOutcomeQuality,
        totals.aggregates.processCompliance,
        totals.aggregates.overall,
        JSON.stringify(evaluated.map((r) => r.task_id)),
        runId,
        evaluated.length,
      ],
    );
  } else {
    await q.query(
      'UPDATE eval_runs SET status = $1, reason = coalesce($2, reason), summary = coalesce($3, summary), started_at = $4, heartbeat_at = $5 WHERE id = $6',
      [to, opts.reason, opts.summary, startedAt, opts.now, runId],
    );
  }
  await pgInsertEvent(
    q,
    runId,
    'status_changed',
    `${row.status} → ${to}${opts.reason ? `: ${opts.reason}` : ''}`,
    { from: row.status, to, reason: opts.reason },
    opts.now,
  );
}

/** A page of runs, newest first, each with its task counts (not ids) and, while active, its live totals. */
export async function pgListRuns(pool: Queryable, query: ListRunsQuery | undefined): Promise<Page<ListedRun>> {
  const q = parseStoreInput(ListRunsQuerySchema, query ?? {}, 'listRuns');
  const { page, count: counted } = listedRunsSql(q);
  return read('listRuns', async () => {
    const found = await rows<ListedRunRow>(pool, page.sql, page.params);
    const count = Number((await one<{ n: number | string }>(pool, counted.sql, counted.params))!.n);
    const items = await Promise.all(
      found.map(async (r) =>
        pgMappers.toListedRun(r, isTerminalStatus(r.status) ? undefined : await pgRunTotals(pool, r.id)),
      ),
    );
    return { items, count };
  });
}
