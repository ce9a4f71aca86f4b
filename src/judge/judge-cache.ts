import { createHash } from 'node:crypto';
import type { JudgeConfig } from './judge-config.js';
import type { JudgeUsage } from './judge.js';

/** One judge call kept for re-use: the validated answer JSON and what it cost. */
export interface CachedJudgeCall {
  answer: unknown;
  usage: JudgeUsage;
  provider: string;
  model: string;
  createdAt: string;
}

/** Judge calls by key; the store implements it in SQLite, tests use createMemoryJudgeCache. */
export interface JudgeCache {
  get(key: string): Promise<CachedJudgeCall | null>;
  set(key: string, value: CachedJudgeCall): Promise<void>;
}

/** Everything that, changed, must cause a new call. */
export interface JudgeCacheKeyParts {
  bundleDigest: string;
  rubricVersion: string;
  promptVersion: string;
  provider: string;
  model: string;
  /** How the judge was asked: its sampling and output cap change the answer. */
  spec: Pick<JudgeConfig, 'temperature' | 'maxTokens'>;
  sample: number;
  /** Evidence left out of the prompt to fit the model's context: another prompt, another answer. */
  dropped?: Readonly<Record<string, number | undefined>>;
}

/** sha256 hex of the canonical key parts (fixed order, JSON-encoded, so no two part lists collide). */
export function judgeCacheKey(parts: JudgeCacheKeyParts): string {
  const canonical = JSON.stringify([
    'judge-call-1',
    parts.bundleDigest,
    parts.rubricVersion,
    parts.promptVersion,
    parts.provider,
    parts.model,
    parts.spec.temperature,
    parts.sample,
    // Absent from keys made before the cap existed, so their answers are still found.
    ...(parts.spec.maxTokens !== undefined ? [{ maxTokens: parts.spec.maxTokens }] : []),
    // Likewise absent when the whole bundle was shown.
    ...(parts.dropped && Object.keys(parts.dropped).length
      ? [{ dropped: Object.entries(parts.dropped).sort(([x], [y]) => (x < y ? -1 : 1)) }]
      : []),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** An in-memory cache that records its traffic, for tests and one-shot runs. */
export function createMemoryJudgeCache(): JudgeCache & {
  entries: Map<string, CachedJudgeCall>;
  gets: number;
  sets: number;
} {
  const entries = new Map<string, CachedJudgeCall>();
  const cache = {
    entries,
    gets: 0,
    sets: 0,
    async get(key: string) {
      cache.gets += 1;
      return entries.get(key) ?? null;
    },
    async set(key: string, value: CachedJudgeCall) {
      cache.sets += 1;
      entries.set(key, structuredClone(value));
    },
  };
  return cache;
}
