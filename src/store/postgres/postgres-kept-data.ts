import type pg from 'pg';
import { newId } from '../new-id.js';
import type { ListRatingsQuery, SaveRatingInput } from '../rating-inputs.js';
import {
  taskFateFromRow,
  taskFateListing,
  taskFateUpserts,
  type ListTaskFatesQuery,
  type TaskFateRow,
} from '../task-fate-row.js';
import { ratingFromRow, ratingListing, ratingUpserts, type RatingRow, type StoredRating } from '../rating-row.js';
import { parseStoreInput, SaveValidationInputSchema, type SaveValidationInput } from '../store-inputs.js';
import type { StoredValidation } from '../store-types.js';
import { validationFromRow, type ValidationRow } from '../validation-row.js';
import type { TaskFate } from '../../core/index.js';
import { inTransaction, numberPlaceholders, one, read, rows } from './pg-db.js';
import { pgRunRow } from './postgres-runs.js';

/** What the PostgreSQL store keeps beside runs and results: validate's reports, people's ratings, the data version. */

export async function pgSaveValidation(
  pool: pg.Pool,
  runId: string,
  input: SaveValidationInput,
): Promise<StoredValidation> {
  const v = parseStoreInput(SaveValidationInputSchema, input, 'saveValidation');
  const row: ValidationRow = {
    id: newId('val'),
    run_id: runId,
    label: v.label,
    report: v.report,
    notes: v.notes,
    created_at: v.now,
  };
  await read('saveValidation', async () => {
    await pgRunRow(pool, runId);
    await pool.query(
      'INSERT INTO eval_validations (id, run_id, label, report, notes, created_at) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6)',
      [row.id, row.run_id, row.label, JSON.stringify(v.report), JSON.stringify(v.notes), row.created_at],
    );
  });
  return validationFromRow(row);
}

export async function pgListValidations(
  pool: pg.Pool,
  query: { runId?: string; limit?: number },
): Promise<StoredValidation[]> {
  const limit = Math.min(Math.max(1, query.limit ?? 20), 200);
  return read('listValidations', async () => {
    if (query.runId !== undefined) await pgRunRow(pool, query.runId);
    const where = query.runId === undefined ? '' : 'WHERE run_id = ?';
    const found = await rows<ValidationRow>(
      pool,
      `SELECT * FROM eval_validations ${where} ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
      query.runId === undefined ? [] : [query.runId],
    );
    return found.map(validationFromRow);
  });
}

export async function pgSaveRatings(pool: pg.Pool, inputs: readonly SaveRatingInput[]): Promise<StoredRating[]> {
  const upserts = ratingUpserts(inputs);
  return inTransaction(pool, 'saveRatings', async (client) => {
    const saved: StoredRating[] = [];
    for (const u of upserts) saved.push(ratingFromRow((await one<RatingRow>(client, u.sql, u.args))!));
    return saved;
  });
}

export async function pgListRatings(pool: pg.Pool, query: ListRatingsQuery): Promise<StoredRating[]> {
  const listing = ratingListing(query);
  return read('listRatings', async () => (await rows<RatingRow>(pool, listing.sql, listing.args)).map(ratingFromRow));
}

export async function pgDataVersion(pool: pg.Pool): Promise<string> {
  // Results are immutable: only inserts and prunes change them, and either moves the count or the newest time.
  const row = await read('dataVersion', () =>
    one<{ n: number; newest: string | null; runs: number; changed: string | null }>(
      pool,
      `SELECT (SELECT count(*)::int FROM eval_task_results) AS n, (SELECT max(evaluated_at) FROM eval_task_results) AS newest,
         (SELECT count(*)::int FROM eval_runs) AS runs, (SELECT max(coalesce(finished_at, created_at)) FROM eval_runs) AS changed`,
    ),
  );
  return `${row!.n}:${row!.newest ?? ''}:${row!.runs}:${row!.changed ?? ''}`;
}

export async function pgSaveTaskFates(pool: pg.Pool, fates: readonly TaskFate[]): Promise<number> {
  const upserts = taskFateUpserts(fates);
  return inTransaction(pool, 'saveTaskFates', async (client) => {
    let kept = 0;
    for (const u of upserts) kept += (await client.query(numberPlaceholders(u.sql), u.args)).rowCount ?? 0;
    return kept;
  });
}

export async function pgListTaskFates(pool: pg.Pool, query: ListTaskFatesQuery): Promise<TaskFate[]> {
  const listing = taskFateListing(query);
  return read('listTaskFates', async () =>
    (await rows<TaskFateRow>(pool, listing.sql, listing.args)).map(taskFateFromRow),
  );
}
