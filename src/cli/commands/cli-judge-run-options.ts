import type { RunJudgeOptions } from '../../runs/index.js';
import type { CliJudge } from '../options/judge-options.js';

const NO_CACHE = { get: async () => null, set: async () => undefined };

/** The run's judge knobs from the judge flags and config; --no-cache swaps in a cache that never hits. */
export function cliJudgeRunOptions(judge: CliJudge | null): RunJudgeOptions {
  if (!judge) return {};
  const s = judge.settings;
  return {
    concurrency: judge.concurrency,
    samples: s.samples,
    temperature: s.temperature,
    maxRetries: s.maxRetries,
    callTimeoutMs: s.timeoutMs,
    budget: judge.budget,
    settings: s,
    ...(judge.price ? { price: judge.price } : {}),
    ...(judge.useCache ? {} : { cache: NO_CACHE }),
  };
}
