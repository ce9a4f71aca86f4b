import { z } from 'zod';
import { AgentRuleSchema, ModelPriceSchema, UserPatternSchema } from '../core/index.js';

/** How tasks are found and tied to commits; the `sources` key of taskeval.config.json. */
export const SourceConfigSchema = z.strictObject({
  /** Commit trailer keys that name a task. */
  trailerKeys: z
    .array(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, 'expected a trailer key such as "Fusion-Task-Id"'))
    .min(1)
    .default(['Fusion-Task-Id', 'Task-Id']),
  /** Regular expression (source text) matching a task id in subjects. */
  idPattern: UserPatternSchema.default('[A-Z][A-Z0-9]*-\\d+'),
  /** Where agent transcripts are found: a directory (`--transcripts DIR`) and/or a template with `{id}`. */
  transcripts: z
    .strictObject({
      dir: z.string().min(1).optional(),
      pattern: z
        .string()
        .includes('{id}', { message: 'expected a path template naming {id}, e.g. "transcripts/{id}/*.jsonl"' })
        .optional(),
    })
    .optional(),
  /** Agent sessions linked to tasks by working directory, time and branch (Claude Code, Codex, Aider). */
  sessions: z
    .strictObject({
      /** false: do not look for sessions (as --no-sessions). */
      enabled: z.boolean().default(true),
      /** More places holding session files, relative to the config file. */
      dirs: z.array(z.string().min(1)).default([]),
      /** Commit trailer keys whose value names the session (or checkpoint) that made the commit, e.g. "Entire-Checkpoint". */
      trailerKeys: z
        .array(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, 'expected a trailer key such as "Entire-Checkpoint"'))
        .default([]),
    })
    .optional(),
  /** Who-did-it rules tried before the built-in ones (docs/sources.md): a pattern on a commit field → an agent and model. */
  agents: z.array(AgentRuleSchema).max(200).optional(),
  /** US dollars per million tokens by model id (as tasks and sessions name it): the agent's own token cost per task. */
  prices: z.record(z.string().min(1), ModelPriceSchema).optional(),
});

export type SourceConfig = z.output<typeof SourceConfigSchema>;
