import { createCostBudget, createJudge, type CostBudget, type Judge, type JudgeSettings, type ModelPrice } from '../judge/index.js';
import type { RunJudgeOptions } from './run-judge-options.js';

/** How to evaluate, from flag (or a run's record) to call: the judge's settings and the run's own knobs. */
export interface EvaluationSettings {
  /** The judge, or null for deterministic-only scoring. */
  judge: JudgeSettings | null;
  /** Stop starting judge calls once this many US dollars are spent (needs a price for the model). */
  maxCostUsd?: number;
  /** false: ask the judge again even when the cache holds an answer. */
  useCache?: boolean;
}

/** A ready evaluation: the judge built from its settings and everything a run passes to each call. */
export interface Evaluation {
  settings: EvaluationSettings;
  judge: Judge | null;
  /** What executeRun, evaluateRunTask and the queue worker pass on; `settings` is what a run records. */
  judgeOptions: RunJudgeOptions;
  price: ModelPrice | undefined;
  budget: CostBudget;
}

const NO_CACHE = { get: async () => null, set: async () => undefined };

/**
 * Turns evaluation settings into a ready evaluation, the one way every caller builds its judge: `score`,
 * `run`, `batch`, `schedule`, the dashboard's runs and the queue worker (from the settings a run recorded).
 * API keys come from `env` on the judge's first call, never from the settings.
 */
export function openEvaluation(settings: EvaluationSettings, env: NodeJS.ProcessEnv, options: { cwd?: string } = {}): Evaluation {
  const budget = createCostBudget(settings.maxCostUsd);
  const judgeSettings = settings.judge;
  if (!judgeSettings) return { settings, judge: null, judgeOptions: {}, price: undefined, budget };
  const price = judgeSettings.model ? judgeSettings.prices?.[judgeSettings.model] : undefined;
  return {
    settings,
    judge: createJudge(judgeSettings, env, options.cwd ? { cwd: options.cwd } : {}),
    judgeOptions: {
      concurrency: judgeSettings.concurrency,
      samples: judgeSettings.samples,
      temperature: judgeSettings.temperature,
      maxRetries: judgeSettings.maxRetries,
      callTimeoutMs: judgeSettings.timeoutMs,
      budget,
      settings: judgeSettings,
      ...(price ? { price } : {}),
      ...(settings.useCache === false ? { cache: NO_CACHE } : {}),
    },
    price,
    budget,
  };
}
