import type { Store } from '../store/index.js';

/** An aggregate computed once per version of the data: the same question over unchanged data is not computed again. */
export type AggregateCache = <T>(
  key: string,
  compute: () => Promise<T>,
  options?: { immutable?: boolean },
) => Promise<T>;

/** The version an immutable answer is kept under: no data version is this. */
const IMMUTABLE = '\0immutable';

/**
 * Keeps the last `size` aggregates (comparisons, trends) by their question, each with the store's data version it
 * was computed at; a new result or run changes the version, and the next ask computes afresh. Concurrent asks of
 * one question share one computation. A failed computation is not kept. An `immutable` answer (a finished run's
 * sums) holds across versions: writes elsewhere cannot change it.
 */
export function createAggregateCache(store: Pick<Store, 'dataVersion'>, size = 32): AggregateCache {
  const entries = new Map<string, { version: string; value: Promise<unknown> }>();
  return async <T>(key: string, compute: () => Promise<T>, options: { immutable?: boolean } = {}): Promise<T> => {
    const version = options.immutable ? IMMUTABLE : await store.dataVersion();
    const hit = entries.get(key);
    if (hit && hit.version === version) {
      // Most recently used last, so the oldest unused is dropped first.
      entries.delete(key);
      entries.set(key, hit);
      return hit.value as Promise<T>;
    }
    const value = compute();
    entries.set(key, { version, value });
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    while (entries.size > size) entries.delete(entries.keys().next().value!);
    return value;
  };
}
