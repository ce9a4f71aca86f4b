import type { BackoffOptions, CostBudget, JudgeCache, JudgeSettings, ModelPrice } from '../judge/index.js';

/** How a run asks its judge; the CLI fills it from flags and the `judge` config key. */
export interface RunJudgeOptions {
  /** Tasks judged at once; default 4. */
  concurrency?: number;
  samples?: number;
  temperature?: number;
  maxRetries?: number;
  callTimeoutMs?: number;
  backoff?: BackoffOptions;
  price?: ModelPrice;
  budget?: CostBudget;
  /** The judge's settings from flags and config, recorded on the run (a queue worker rebuilds the judge from them). */
  settings?: JudgeSettings;
  /** Judge call cache; the run uses the store's when absent. */
  cache?: JudgeCache;
}

/** Default number of tasks judged at once. */
export const DEFAULT_RUN_CONCURRENCY = 4;
