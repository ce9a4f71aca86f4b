import type { JudgeCache } from './judge-cache.js';
import { addUsage, ZERO_USAGE, type Judge, type JudgeUsage } from './judge.js';

/** What a command spent on its judge: calls made now, cache hits, tokens. */
export interface JudgeTotals {
  calls: number;
  cacheHits: number;
  usage: JudgeUsage;
}

export interface JudgeMeter {
  judge: Judge;
  /** The cache, counting hits; undefined when there is no cache. */
  cache: JudgeCache | undefined;
  totals(): JudgeTotals;
}

/** Wraps a judge (and its cache) to count calls, hits and tokens for a command's footer. */
export function meterJudge(judge: Judge, cache?: JudgeCache): JudgeMeter {
  let calls = 0;
  let cacheHits = 0;
  let usage: JudgeUsage = { ...ZERO_USAGE };
  const metered: Judge = {
    specificationVersion: judge.specificationVersion,
    provider: judge.provider,
    modelId: judge.modelId,
    supportsStructuredOutput: judge.supportsStructuredOutput,
    async complete(request) {
      const response = await judge.complete(request);
      calls += 1;
      usage = addUsage(usage, response.usage);
      return response;
    },
  };
  const meteredCache: JudgeCache | undefined = cache && {
    async get(key) {
      const hit = await cache.get(key);
      if (hit) cacheHits += 1;
      return hit;
    },
    set: (key, value) => cache.set(key, value),
  };
  return { judge: metered, cache: meteredCache, totals: () => ({ calls, cacheHits, usage: { ...usage } }) };
}
