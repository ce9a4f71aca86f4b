import { ConfigError, redactUrl } from '../core/index.js';
import { JudgeSpecSchema, type JudgeConfig, type JudgeSpec } from '../judge/index.js';

/** The judge flags as commander gives them (numbers still text). */
export interface JudgeFlagValues {
  judge?: string;
  judgeModel?: string;
  judgeBaseUrl?: string;
  judgeCommand?: string;
  judgeTemperature?: string;
  judgeMaxTokens?: string;
  judgeContext?: string;
  samples?: string;
  concurrency?: string;
  timeout?: string;
  maxCost?: string;
  /** false with --no-cache. */
  cache?: boolean;
  /** false with --no-probe. */
  probe?: boolean;
  db?: string;
}

/** The spec before a provider is known: without one, scoring is deterministic-only. */
const MaybeJudgeSpec = JudgeSpecSchema.extend({ provider: JudgeSpecSchema.shape.provider.optional() });

const FLAG_OF: Record<string, string> = {
  provider: '--judge',
  model: '--judge-model',
  baseUrl: '--judge-base-url',
  command: '--judge-command',
  temperature: '--judge-temperature',
  maxTokens: '--judge-max-tokens',
  contextTokens: '--judge-context',
  samples: '--samples',
  concurrency: '--concurrency',
  timeoutMs: '--timeout',
};

/**
 * The judge spec: flags over the `judge` config key, the cost limit and cache use; null when no provider is
 * chosen. Problems name the flag or key.
 */
export function resolveJudgeSpec(values: JudgeFlagValues, config: JudgeConfig | undefined): JudgeSpec | null {
  const flags: Record<string, unknown> = {};
  if (values.judge !== undefined) flags.provider = values.judge;
  if (values.judgeModel !== undefined) flags.model = values.judgeModel;
  if (values.judgeBaseUrl !== undefined) flags.baseUrl = values.judgeBaseUrl;
  if (values.judgeCommand !== undefined) flags.command = values.judgeCommand;
  if (values.judgeTemperature !== undefined)
    flags.temperature = numberFlag('--judge-temperature', values.judgeTemperature);
  if (values.judgeMaxTokens !== undefined) flags.maxTokens = numberFlag('--judge-max-tokens', values.judgeMaxTokens);
  if (values.judgeContext !== undefined) flags.contextTokens = numberFlag('--judge-context', values.judgeContext);
  if (values.samples !== undefined) flags.samples = numberFlag('--samples', values.samples);
  if (values.concurrency !== undefined) flags.concurrency = numberFlag('--concurrency', values.concurrency);
  if (values.timeout !== undefined) flags.timeoutMs = Math.round(numberFlag('--timeout', values.timeout) * 1000);
  const maxCost = values.maxCost === undefined ? undefined : numberFlag('--max-cost', values.maxCost);
  const run = { ...(maxCost !== undefined ? { maxCostUsd: maxCost } : {}), useCache: values.cache !== false };
  const parsed = MaybeJudgeSpec.safeParse({ ...(config ?? {}), ...flags, ...run });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = String(issue.path[0] ?? '');
    const where = key in flags ? (FLAG_OF[key] ?? key) : `judge.${issue.path.join('.')} in the config`;
    throw new ConfigError('usage', `${where}: ${issue.message}`, {
      field: where,
      hint: 'See docs/judge.md for every judge flag and key.',
    });
  }
  const spec = parsed.data;
  if (!spec.provider) {
    const stray = Object.keys(flags).map((k) => FLAG_OF[k]);
    if (stray.length)
      throw new ConfigError('usage', `${stray.join(', ')} given without --judge`, {
        field: 'judge',
        hint: 'Choose a judge with --judge openai|anthropic|openai-compatible|command.',
      });
    if (maxCost !== undefined)
      throw new ConfigError('usage', '--max-cost given without --judge', { field: '--max-cost' });
    return null;
  }
  if (maxCost !== undefined && !(spec.model && spec.prices?.[spec.model])) {
    throw new ConfigError('usage', `--max-cost needs a price for ${spec.model ?? 'the judge model'} in judge.prices`, {
      field: '--max-cost',
      hint: 'Add "judge": { "prices": { "<model>": { "inputPerMTok": ..., "outputPerMTok": ... } } } to taskeval.config.json.',
    });
  }
  // A local server usually has one slot (llama-server -np 1, LM Studio, Ollama): more at once only queue there,
  // and the queued calls time out unanswered. Unless the user chose, one at a time.
  const chosen = flags.concurrency !== undefined || config?.concurrency !== undefined;
  return { ...spec, provider: spec.provider, ...(!chosen && localJudgeUrl(spec) ? { concurrency: 1 } : {}) };
}

/** The judge's base URL when it points at this machine (loopback or localhost); null otherwise. */
export function localJudgeUrl(spec: Pick<JudgeSpec, 'baseUrl'>): string | null {
  if (!spec.baseUrl) return null;
  try {
    const host = new URL(spec.baseUrl).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || host === '0.0.0.0' || /^127\./.test(host) ? spec.baseUrl : null;
  } catch {
    return null;
  }
}

/** Why the judge runs one task at a time, when that was chosen for the user; null when it was not. */
export function judgeConcurrencyNote(
  values: JudgeFlagValues,
  config: JudgeConfig | undefined,
  spec: JudgeSpec | null,
): string | null {
  if (!spec || values.concurrency !== undefined || config?.concurrency !== undefined) return null;
  const url = localJudgeUrl(spec);
  return url
    ? `judge: one task at a time for the local server at ${redactUrl(url)} (one slot is what llama.cpp's server, LM Studio and Ollama run by default; more would wait in its queue and time out); --concurrency N for more`
    : null;
}

function numberFlag(flag: string, text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0) {
    throw new ConfigError('usage', `${flag} must be a non-negative number, got "${text}"`, { field: flag });
  }
  return value;
}
