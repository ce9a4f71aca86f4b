import type { z } from 'zod';
import type { RatedAspect, RatingScale } from '../core/index.js';
import { newId } from './new-id.js';
import {
  ListRatingsQuerySchema,
  SaveRatingInputSchema,
  type ListRatingsQuery,
  type SaveRatingInput,
} from './rating-inputs.js';
import { parseStoreInput } from './store-inputs.js';

/** A kept rating: who rated which aspect of which task, on what scale, having seen which result. */
export interface StoredRating {
  id: string;
  projectId: string;
  taskId: string;
  resultId: string | null;
  rater: string;
  aspect: RatedAspect;
  scale: RatingScale;
  value: number;
  note: string | null;
  ratedAt: string;
}

/** A rating as both backends keep it. */
export interface RatingRow {
  id: string;
  project_id: string;
  task_id: string;
  result_id: string | null;
  rater: string;
  aspect: string;
  scale: string;
  value: number;
  note: string | null;
  rated_at: string;
}

const RATING_COLUMNS = 'id, project_id, task_id, result_id, rater, aspect, scale, value, note, rated_at';

/** The order ratings are listed in, the same on both backends. */
const RATING_ORDER = 'ORDER BY project_id, task_id, rater, aspect';

function ratingToRow(id: string, r: z.output<typeof SaveRatingInputSchema>): RatingRow {
  return {
    id,
    project_id: r.projectId,
    task_id: r.taskId,
    result_id: r.resultId,
    rater: r.rater,
    aspect: r.aspect,
    scale: r.scale,
    value: r.value,
    note: r.note,
    rated_at: r.now,
  };
}

export function ratingFromRow(row: RatingRow): StoredRating {
  return {
    id: row.id,
    projectId: row.project_id,
    taskId: row.task_id,
    resultId: row.result_id,
    rater: row.rater,
    aspect: row.aspect as RatedAspect,
    scale: row.scale as RatingScale,
    value: Number(row.value),
    note: row.note,
    ratedAt: row.rated_at,
  };
}

/** The WHERE clause and arguments of a listing, with `?` placeholders. */
function ratingFilter(q: { projectId?: string | undefined; rater?: string | undefined }): {
  where: string;
  args: string[];
} {
  const clauses: string[] = [];
  const args: string[] = [];
  if (q.projectId !== undefined) (clauses.push('project_id = ?'), args.push(q.projectId));
  if (q.rater !== undefined) (clauses.push('rater = ?'), args.push(q.rater));
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', args };
}

/** Keeps a rater's newest rating of an aspect: the upsert both backends run. */
const UPSERT_RATING = `INSERT INTO eval_ratings (${RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (project_id, task_id, rater, aspect) DO UPDATE SET result_id = excluded.result_id, scale = excluded.scale,
    value = excluded.value, note = excluded.note, rated_at = excluded.rated_at
  RETURNING ${RATING_COLUMNS}`;

const ratingArgs = (r: RatingRow): unknown[] => [
  r.id,
  r.project_id,
  r.task_id,
  r.result_id,
  r.rater,
  r.aspect,
  r.scale,
  r.value,
  r.note,
  r.rated_at,
];

/** One statement with `?` placeholders, for either backend to run. */
export interface RatingStatement {
  sql: string;
  args: unknown[];
}

/** The upserts that keep `inputs`, each checked first (a bad one names its index and field) and given a new id. */
export function ratingUpserts(inputs: readonly SaveRatingInput[]): RatingStatement[] {
  return inputs.map((input, i) => {
    const row = ratingToRow(newId('rat'), parseStoreInput(SaveRatingInputSchema, input, `saveRatings[${i}]`));
    return { sql: UPSERT_RATING, args: ratingArgs(row) };
  });
}

/** The query listing the ratings `query` asks for, in the order both backends list them. */
export function ratingListing(query: ListRatingsQuery): RatingStatement {
  const q = parseStoreInput(ListRatingsQuerySchema, query, 'listRatings');
  const { where, args } = ratingFilter(q);
  return { sql: `SELECT ${RATING_COLUMNS} FROM eval_ratings ${where} ${RATING_ORDER} LIMIT ${q.limit}`, args };
}
