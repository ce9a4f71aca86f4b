import { z } from 'zod';
import { RatedAspectSchema, RatingScaleSchema, scaleValues, TaskIdSchema } from '../core/index.js';
import { IsoTimeSchema } from './store-inputs.js';

/** One person's rating of one aspect of a task, on their scale. */
export const SaveRatingInputSchema = z
  .strictObject({
    projectId: z.string().min(1).max(4_096),
    taskId: TaskIdSchema,
    /** The result whose evidence the rater saw, when rated from one. */
    resultId: z.string().min(1).max(200).nullable().default(null),
    rater: z
      .string()
      .trim()
      .min(1, { message: 'a rater needs a name' })
      .max(100)
      .refine((s) => !/[\u0000-\u001f]/.test(s), { message: 'a rater name must be printable' }),
    aspect: RatedAspectSchema,
    scale: RatingScaleSchema,
    value: z.number().int(),
    note: z.string().max(2_000).nullable().default(null),
    now: IsoTimeSchema,
  })
  .refine((r) => scaleValues(r.scale).includes(r.value), {
    message: 'the value is not on the scale (good-bad: 0 or 1; 1-5: 1 to 5)',
    path: ['value'],
  });

export const ListRatingsQuerySchema = z.strictObject({
  projectId: z.string().min(1).optional(),
  rater: z.string().min(1).optional(),
  limit: z.number().int().min(1).max(1_000_000).default(100_000),
});

export type SaveRatingInput = z.input<typeof SaveRatingInputSchema>;
export type ListRatingsQuery = z.input<typeof ListRatingsQuerySchema>;
