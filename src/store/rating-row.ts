import type { RatedAspect, RatingScale } from '../core/index.js';
import type { SaveRatingInputSchema } from './rating-inputs.js';
import type { z } from 'zod';

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

export const RATING_COLUMNS = 'id, project_id, task_id, result_id, rater, aspect, scale, value, note, rated_at';

/** The order ratings are listed in, the same on both backends. */
export const RATING_ORDER = 'ORDER BY project_id, task_id, rater, aspect';

export function ratingToRow(id: string, r: z.output<typeof SaveRatingInputSchema>): RatingRow {
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
export function ratingFilter(q: { projectId?: string | undefined; rater?: string | undefined }): {
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
export const UPSERT_RATING = `INSERT INTO eval_ratings (${RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (project_id, task_id, rater, aspect) DO UPDATE SET result_id = excluded.result_id, scale = excluded.scale,
    value = excluded.value, note = excluded.note, rated_at = excluded.rated_at
  RETURNING ${RATING_COLUMNS}`;

export const ratingArgs = (r: RatingRow): unknown[] => [
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
