import { createHash } from 'node:crypto';
import type { MessageAttribution } from './attribute-commit.js';
import type { RawCommit } from './git-log-parser.js';

/** Where the history read from git is kept between runs (the store's cache table). */
export interface CommitHistoryCache {
  get(key: string): Promise<unknown | null>;
  set(key: string, value: unknown): Promise<void>;
}

/**
 * A history as read, kept in segments so a run that read ten new commits writes ten, not the whole
 * history again: the head entry names the ref tips reached and how many segments hold the commits;
 * segment 0 is the first whole read, each later one what an incremental read added.
 */
export interface CachedHistoryHead {
  v: typeof CACHED_HISTORY_VERSION;
  tips: readonly string[];
  segments: number;
}

/** One segment: commits with their attributions, newest first as git log gave them. */
export interface CachedHistorySegment {
  v: typeof CACHED_HISTORY_VERSION;
  commits: readonly RawCommit[];
  attributions: readonly MessageAttribution[];
}

export const CACHED_HISTORY_VERSION = 2;
/** Past this many segments the next incremental read writes the whole history as one again. */
export const MAX_HISTORY_SEGMENTS = 16;

/** One entry per repository and attribution rules: other trailer keys or id patterns attribute differently. */
export function historyCacheKey(repo: string, trailerKeys: readonly string[], idPattern: string): string {
  const rules = createHash('sha256').update(JSON.stringify({ repo, trailerKeys: [...trailerKeys].sort(), idPattern })).digest('hex').slice(0, 24);
  return `commit-history:v${CACHED_HISTORY_VERSION}:${rules}`;
}

/** The key of one segment of the history kept under `key`. */
function segmentKey(key: string, segment: number): string {
  return `${key}:${segment}`;
}

/**
 * The kept history: its tips and every segment's commits, newest segment first (the order a whole read
 * gives), or null when anything is missing, from another version or not a history at all.
 */
export async function loadCachedHistory(cache: CommitHistoryCache, key: string): Promise<{ tips: readonly string[]; segments: CachedHistorySegment[] } | null> {
  const head = (await cache.get(key).catch(() => null)) as Partial<CachedHistoryHead> | null;
  if (!head || head.v !== CACHED_HISTORY_VERSION || !Array.isArray(head.tips) || !Number.isInteger(head.segments) || head.segments! < 1) return null;
  const segments: CachedHistorySegment[] = [];
  for (let i = head.segments! - 1; i >= 0; i -= 1) {
    const segment = (await cache.get(segmentKey(key, i)).catch(() => null)) as Partial<CachedHistorySegment> | null;
    if (!segment || segment.v !== CACHED_HISTORY_VERSION || !Array.isArray(segment.commits) || !Array.isArray(segment.attributions)) return null;
    if (segment.commits.length !== segment.attributions.length) return null;
    segments.push(segment as CachedHistorySegment);
  }
  return { tips: head.tips, segments };
}

/**
 * Keeps a read: the new segment first, then the head naming it, so a process killed in between leaves
 * the previous history whole. `segment` 0 starts over with a whole read.
 */
export async function saveHistorySegment(cache: CommitHistoryCache, key: string, segment: number, tips: readonly string[], data: Omit<CachedHistorySegment, 'v'>): Promise<void> {
  await cache.set(segmentKey(key, segment), { v: CACHED_HISTORY_VERSION, ...data } satisfies CachedHistorySegment);
  await cache.set(key, { v: CACHED_HISTORY_VERSION, tips, segments: segment + 1 } satisfies CachedHistoryHead);
}
