import {
  createCostBudget,
  createJudge,
  probeJudge,
  type CostBudget,
  type Judge,
  type JudgeCache,
  type JudgeSpec,
} from '../judge/index.js';
import { createJudgeHealth, type JudgeHealth } from './judge-health.js';

/** The judge of an evaluation, ready: its spec (what a run records), the provider built from it, and the run's spend. */
export interface OpenedJudge {
  spec: JudgeSpec;
  judge: Judge;
  budget: CostBudget;
  /** Stands in for the store's cache: a no-op when the spec says not to use it. */
  cache?: JudgeCache;
  /** Provider failures in a row: the evaluation stops when the judge is down. */
  health: JudgeHealth;
  /** The model's context as the probe learned it (the spec's wins); absent: the spec's, or unknown. */
  contextTokens?: number | null;
}

/**
 * Checks an opened judge with its probe before the first task (a wrong address, key or model is one clear error,
 * with nothing stored) and keeps the model's context it learned; returns what to say once, or null.
 */
export async function checkOpenedJudge(opened: OpenedJudge, signal?: AbortSignal): Promise<string | null> {
  const probe = await probeJudge(opened.judge, opened.spec, signal ? { signal } : {});
  opened.contextTokens = probe.contextTokens;
  return probe.contextTokens !== null && probe.contextSource !== 'configured'
    ? `judge: the model's context is ${probe.contextTokens.toLocaleString('en-US')} tokens (${probe.contextSource}); prompts are fitted to it`
    : null;
}

/** Default number of tasks judged at once. */
export const DEFAULT_RUN_CONCURRENCY = 4;

const NO_CACHE: JudgeCache = { get: async () => null, set: async () => undefined };

/**
 * Builds the judge a spec describes, the one way every caller does (`score`, `run`, `batch`, `schedule`, the
 * dashboard's runs, queue workers and `rescore` from what a run recorded). Keys come from `env` on the first call.
 */
export function openJudge(
  spec: JudgeSpec | null,
  env: NodeJS.ProcessEnv,
  options: { cwd?: string; fetch?: typeof globalThis.fetch } = {},
): OpenedJudge | null {
  if (!spec) return null;
  return {
    spec,
    judge: createJudge(spec, env, options),
    budget: createCostBudget(spec.maxCostUsd),
    health: createJudgeHealth(),
    ...(spec.useCache === false ? { cache: NO_CACHE } : {}),
  };
}
