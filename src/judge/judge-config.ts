import { z } from 'zod';

/** Which judge to ask and how; the `judge` key of taskeval.config.json. */
export const JudgeConfigSchema = z.strictObject({
  provider: z.enum(['openai', 'anthropic', 'openai-compatible', 'command']),
  model: z.string().min(1).optional(),
});

export type JudgeConfig = z.output<typeof JudgeConfigSchema>;
