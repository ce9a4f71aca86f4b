import { push } from './commit-index-builder.js';
import type { CommitIndexData } from './commit-index-data.js';

/**
 * One kept segment's share of the index tables, by position in the whole history (segments oldest
 * first, so a position never changes when newer commits are added after them). A later run loads these
 * instead of indexing every commit again.
 */
export interface IndexTables {
  /** Position of the segment's first commit. */
  base: number;
  /** Per commit: the number of parents, then their positions (-1 for one outside the history). */
  parents: number[];
  generations: number[];
  owned: [string, number[]][];
  mentioned: [string, number[]][];
  revertsById: [string, number[]][];
  /** Pairs: a reverted commit's position, then the reverting commit's. */
  revertsOf: number[];
}

type Tables = Pick<CommitIndexData, 'parents' | 'generations' | 'owned' | 'mentioned' | 'revertsById' | 'revertsOf'>;

/** The tables of the commits at positions from..to-1. */
export function indexTablesOf(data: Tables, from: number, to: number): IndexTables {
  const inRange = (i: number) => i >= from && i < to;
  const entries = (map: ReadonlyMap<string, number[]>): [string, number[]][] => {
    const out: [string, number[]][] = [];
    for (const [id, list] of map) {
      const kept = from === 0 && to >= data.parents.length ? list : list.filter(inRange);
      if (kept.length > 0) out.push([id, kept]);
    }
    return out;
  };
  const parents: number[] = [];
  const generations: number[] = [];
  for (let i = from; i < to; i += 1) {
    parents.push(data.parents[i]!.length, ...data.parents[i]!);
    generations.push(data.generations[i]!);
  }
  const revertsOf: number[] = [];
  for (const [target, by] of data.revertsOf) for (const r of by) if (inRange(r)) revertsOf.push(target, r);
  return {
    base: from,
    parents,
    generations,
    owned: entries(data.owned),
    mentioned: entries(data.mentioned),
    revertsById: entries(data.revertsById),
    revertsOf,
  };
}

/**
 * Adds a kept segment's tables (commits base..base+size-1 of a history of `total`) to the index being
 * put together; false when they do not fit (another version, damage), and the history is read again.
 */
export function addIndexTables(into: Tables, kept: unknown, base: number, size: number, total: number): boolean {
  const t = kept as Partial<IndexTables> | null;
  if (
    !t ||
    t.base !== base ||
    !Array.isArray(t.parents) ||
    !Array.isArray(t.generations) ||
    t.generations.length !== size
  )
    return false;
  if (
    ![t.owned, t.mentioned, t.revertsById].every(Array.isArray) ||
    !Array.isArray(t.revertsOf) ||
    t.revertsOf.length % 2 !== 0
  )
    return false;
  const valid = (i: unknown): i is number => Number.isInteger(i) && (i as number) >= -1 && (i as number) < total;
  let p = 0;
  for (let r = 0; r < size; r += 1) {
    const count = t.parents[p++];
    if (!Number.isInteger(count) || count! < 0 || p + count! > t.parents.length) return false;
    const list = t.parents.slice(p, p + count!);
    if (!list.every(valid)) return false;
    into.parents[base + r] = list;
    into.generations[base + r] = t.generations[r]!;
    p += count!;
  }
  if (p !== t.parents.length) return false;
  for (const [name, from] of [
    ['owned', t.owned],
    ['mentioned', t.mentioned],
    ['revertsById', t.revertsById],
  ] as const) {
    const map = into[name];
    for (const entry of from!) {
      if (
        !Array.isArray(entry) ||
        typeof entry[0] !== 'string' ||
        !Array.isArray(entry[1]) ||
        !entry[1].every((i) => valid(i) && i >= 0)
      )
        return false;
      // The first segment's lists are taken as loaded; a later one's are appended to them.
      const list = map.get(entry[0]);
      if (list) list.push(...entry[1]);
      else map.set(entry[0], entry[1]);
    }
  }
  for (let k = 0; k < t.revertsOf.length; k += 2) {
    const [target, by] = [t.revertsOf[k], t.revertsOf[k + 1]];
    if (!valid(target) || !valid(by) || target < 0 || by < 0) return false;
    push(into.revertsOf, target, by);
  }
  return true;
}
