import { z } from 'zod';

/** How tasks are found and tied to commits; the `sources` key of taskeval.config.json. */
export const SourceConfigSchema = z.strictObject({
  /** Commit trailer keys that name a task. */
  trailerKeys: z.array(z.string().min(1)).min(1).default(['Fusion-Task-Id', 'Task-Id']),
  /** Regular expression (source text) matching a task id in subjects. */
  idPattern: z.string().min(1).default('[A-Z][A-Z0-9]*-\\d+'),
});

export type SourceConfig = z.output<typeof SourceConfigSchema>;
