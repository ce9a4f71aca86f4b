import type { TokenUsageTotals } from '../core/index.js';

/**
 * One judge call kept for re-use. Structurally identical to the judge layer's type, declared here
 * because src/judge/judge-cache.ts did not exist when the store was written.
 */
export interface CachedJudgeCall {
  answer: unknown;
  usage: TokenUsageTotals;
  provider: string;
  model: string;
  createdAt: string;
}

/** Judge calls by cache key (bundle digest, rubric, prompt, provider, model, sample). */
export interface JudgeCache {
  get(key: string): Promise<CachedJudgeCall | null>;
  set(key: string, value: CachedJudgeCall): Promise<void>;
}
