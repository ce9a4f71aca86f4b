import { z } from 'zod';
import { UserPatternSchema } from '../../core/index.js';
import { JudgeConfigSchema } from '../../judge/index.js';
import { SourceConfigSchema } from '../../sources/index.js';

/** taskeval.config.json: each layer owns the schema of its own key. */
export const TaskevalConfigSchema = z.strictObject({
  $schema: z.string().optional(),
  sources: SourceConfigSchema.optional(),
  judge: JudgeConfigSchema.optional(),
  /** Store file, relative to the config file. */
  db: z.string().min(1).optional(),
  /** What `outcomes` and `validate` read from history. */
  outcomes: z
    .strictObject({
      /** Commit subjects that are fixes, as a case-insensitive regular expression; default DEFAULT_FIX_PATTERN. */
      fixPattern: UserPatternSchema.optional(),
    })
    .optional(),
  /** Runs older than this many days are deleted after each batch. */
  retentionDays: z.number().int().positive().max(365_000).optional(),
});

export type TaskevalConfig = z.output<typeof TaskevalConfigSchema>;
