import { z } from 'zod';
import { ModelPriceSchema } from '../core/index.js';

export const JUDGE_PROVIDERS = ['openai', 'anthropic', 'openai-compatible', 'command'] as const;
export type JudgeProviderName = (typeof JUDGE_PROVIDERS)[number];

// The price table is shared with the sources (an agent's own token cost), so it lives in core.
export { ModelPriceSchema, type ModelPrice } from '../core/index.js';

/** Which judge to ask and how; the `judge` key of taskeval.config.json. Flags override each key. */
export const JudgeConfigSchema = z.strictObject({
  provider: z.enum(JUDGE_PROVIDERS).optional(),
  model: z.string().min(1).optional(),
  /** Endpoint root for openai-compatible (e.g. http://127.0.0.1:11434/v1); also overrides openai/anthropic. */
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** For `command`: the program and its arguments (an array), or one command line split on spaces and quotes. */
  command: z.union([z.array(z.string().min(1)).min(1), z.string().min(1)]).optional(),
  /** For `command`: environment variables passed to it besides PATH, HOME, the locale and temp ones (e.g. ["ANTHROPIC_API_KEY"]). */
  commandEnv: z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'expected an environment variable name')).optional(),
  /** Whether the endpoint accepts a JSON schema (response_format json_schema); default true. */
  structuredOutput: z.boolean().optional(),
  temperature: z.number().min(0).max(2).default(0),
  timeoutMs: z
    .number()
    .int()
    .positive()
    // Node's timers hold at most 2^31-1 ms; a day is far past any model call.
    .max(86_400_000, { message: 'at most 24 hours (86400 s; 86400000 ms)' })
    .default(120_000),
  /** Tasks judged at once; absent: 4, or 1 for a server on this machine (see resolveJudgeSpec). */
  concurrency: z.number().int().min(1).max(64).optional(),
  samples: z.number().int().min(1).max(25).default(1),
  /** Output tokens a call may generate (sent as max_tokens): a model that never closes its JSON stops there. */
  maxTokens: z.number().int().min(16).max(1_000_000).optional(),
  /** The model's context in tokens (prompt and answer together); evidence is left out to fit it. Absent: asked of the server where it says. */
  contextTokens: z.number().int().min(512).max(100_000_000).optional(),
  /** Retries of a malformed answer, with the validation error fed back. */
  maxRetries: z.number().int().min(0).max(5).default(2),
  /** Price table by model id; turns token usage into cost. */
  prices: z.record(z.string().min(1), ModelPriceSchema).optional(),
});

export type JudgeConfig = z.output<typeof JudgeConfigSchema>;

/**
 * The judge of one evaluation, whole, from flag to provider call: which judge, how it is asked, what it may
 * spend and whether the cache answers. Recorded on a run (never a key), so a worker or a re-score asks the same way.
 */
export const JudgeSpecSchema = JudgeConfigSchema.extend({
  provider: z.enum(JUDGE_PROVIDERS),
  concurrency: z.number().int().min(1).max(64).default(4),
  /** Stop starting judge calls once this many US dollars are spent (needs a price for the model). */
  maxCostUsd: z.number().positive().optional(),
  /** false: ask the judge again even when the cache holds an answer. */
  useCache: z.boolean().default(true),
});

export type JudgeSpec = z.output<typeof JudgeSpecSchema>;
