import { z } from 'zod';
import { CommitHistorySignalsSchema, CommitRecordSchema, TaskSchema } from '../../src/core/index.js';

/**
 * One task of a validity data set: what the rubric reads (the task record, its commits and what the
 * repository looked like before it, all at evaluation time) and the label to predict. Derived from public
 * repositories and trajectories by derive-validity-data.ts; no source text, only counts, paths and subjects.
 */
export const ValidityRecordSchema = z.object({
  task: TaskSchema,
  commits: z.array(CommitRecordSchema).nullable(),
  history: CommitHistorySignalsSchema.nullable(),
  /** True = bad (bug-introducing by SZZ within 7 days, or not resolved). */
  bad: z.boolean(),
});

export type ValidityRecord = z.output<typeof ValidityRecordSchema>;
