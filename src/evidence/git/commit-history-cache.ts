import { createHash } from 'node:crypto';
import type { MessageAttribution } from './attribute-commit.js';
import type { RawCommit } from './git-log-parser.js';
import { decodeHistorySegment, encodeHistorySegment, type EncodedHistorySegment } from './history-segment-codec.js';

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

/** One segment: commits with their attributions, newest first as git log gave them (kept in columns, history-segment-codec.ts). */
export interface CachedHistorySegment {
  commits: readonly RawCommit[];
  attributions: readonly MessageAttribution[];
}

export const CACHED_HISTORY_VERSION = 3;
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

/** The kept history's head: the ref tips it reached and how many segments hold it; null when there is none of this version. */
export async function loadHistoryHead(cache: CommitHistoryCache, key: string): Promise<{ tips: readonly string[]; segments: number } | null> {
  const head = (await cache.get(key).catch(() => null)) as Partial<CachedHistoryHead> | null;
  if (!head || head.v !== CACHED_HISTORY_VERSION || !Array.isArray(head.tips) || !Number.isInteger(head.segments) || head.segments! < 1) return null;
  return { tips: head.tips, segments: head.segments! };
}

/**
 * Every segment's commits, newest segment first (the order a whole read gives), or null when one is
 * missing, from another version or damaged.
 */
export async function loadHistorySegments(cache: CommitHistoryCache, key: string, count: number): Promise<CachedHistorySegment[] | null> {
  const segments: CachedHistorySegment[] = [];
  for (let i = count - 1; i >= 0; i -= 1) {
    const kept = (await cache.get(segmentKey(key, i)).catch(() => null)) as (EncodedHistorySegment & { v?: unknown }) | null;
    if (!kept || typeof kept !== 'object' || kept.v !== CACHED_HISTORY_VERSION) return null;
    const segment = decodeHistorySegment(kept);
    if (!segment) return null;
    segments.push(segment);
  }
  return segments;
}

/**
 * Keeps a read: the new segment first, then the head naming it, so a process killed in between leaves
 * the previous history whole. `segment` 0 starts over with a whole read.
 */
export async function saveHistorySegment(cache: CommitHistoryCache, key: string, segment: number, tips: readonly string[], data: CachedHistorySegment): Promise<void> {
  await cache.set(segmentKey(key, segment), { v: CACHED_HISTORY_VERSION, ...encodeHistorySegment(data.commits, data.attributions) });
  await cache.set(key, { v: CACHED_HISTORY_VERSION, tips, segments: segment + 1 } satisfies CachedHistoryHead);
}
