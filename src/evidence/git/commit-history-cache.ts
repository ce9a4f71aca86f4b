import { createHash } from 'node:crypto';
import type { MessageAttribution } from './attribute-commit.js';
import type { RawCommit } from './git-log-parser.js';
import type { IndexTables } from './commit-index-tables.js';
import { encodeHistorySegment, openHistorySegment, type EncodedHistorySegment } from './history-segment-codec.js';
import type { KeptSegment } from './index-from-kept.js';

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

/**
 * One segment: commits with their attributions, newest first as git log gave them (kept in columns,
 * history-segment-codec.ts), and their share of the index tables (commit-index-tables.ts).
 */
export interface CachedHistorySegment {
  commits: readonly RawCommit[];
  attributions: readonly MessageAttribution[];
  tables: IndexTables;
}

// 6: the default id pattern makes no task of standards, licences and model names (NOT_TASK_PREFIXES).
export const CACHED_HISTORY_VERSION = 6;
/** Past this many segments the next incremental read writes the whole history as one again. */
export const MAX_HISTORY_SEGMENTS = 16;

/** One entry per repository and attribution rules: other trailer keys or id patterns attribute differently. */
export function historyCacheKey(repo: string, trailerKeys: readonly string[], idPattern: string): string {
  const rules = createHash('sha256')
    .update(JSON.stringify({ repo, trailerKeys: [...trailerKeys].sort(), idPattern }))
    .digest('hex')
    .slice(0, 24);
  return `commit-history:v${CACHED_HISTORY_VERSION}:${rules}`;
}

/** The key of one segment of the history kept under `key`. */
function segmentKey(key: string, segment: number): string {
  return `${key}:${segment}`;
}

/** The kept history's head: the ref tips it reached and how many segments hold it; null when there is none of this version. */
export async function loadHistoryHead(
  cache: CommitHistoryCache,
  key: string,
): Promise<{ tips: readonly string[]; segments: number } | null> {
  const head = (await cache.get(key).catch(() => null)) as Partial<CachedHistoryHead> | null;
  if (
    !head ||
    head.v !== CACHED_HISTORY_VERSION ||
    !Array.isArray(head.tips) ||
    !Number.isInteger(head.segments) ||
    head.segments! < 1
  )
    return null;
  return { tips: head.tips, segments: head.segments! };
}

/**
 * Every segment, oldest first (positions count from the oldest), ready to read row by row; null when one
 * is missing, from another version or damaged. Its tables are checked when the index is put together.
 */
export async function loadHistorySegments(
  cache: CommitHistoryCache,
  key: string,
  count: number,
): Promise<KeptSegment[] | null> {
  const segments: KeptSegment[] = [];
  for (let i = 0; i < count; i += 1) {
    const kept = (await cache.get(segmentKey(key, i)).catch(() => null)) as
      (EncodedHistorySegment & { v?: unknown; tables?: unknown }) | null;
    if (!kept || typeof kept !== 'object' || kept.v !== CACHED_HISTORY_VERSION) return null;
    const rows = openHistorySegment(kept);
    if (!rows) return null;
    segments.push({ rows, tables: kept.tables });
  }
  return segments;
}

/** A segment ready to keep: its commits in columns and its share of the index tables. */
export interface EncodedKeptSegment {
  encoded: EncodedHistorySegment;
  tables: IndexTables;
}

/** Encodes commits read with their share of the tables, parents left to the tables where they hold them all. */
export function encodeKeptSegment(data: CachedHistorySegment): EncodedKeptSegment {
  return {
    encoded: encodeHistorySegment(data.commits, data.attributions, parentsByPosition(data.tables)),
    tables: data.tables,
  };
}

/**
 * Keeps a read: the new segment first, then the head naming it, so a process killed in between leaves
 * the previous history whole. `segment` 0 starts over with a whole read.
 */
export async function saveHistorySegment(
  cache: CommitHistoryCache,
  key: string,
  segment: number,
  tips: readonly string[],
  data: EncodedKeptSegment,
): Promise<void> {
  await cache.set(segmentKey(key, segment), { v: CACHED_HISTORY_VERSION, ...data.encoded, tables: data.tables });
  await cache.set(key, { v: CACHED_HISTORY_VERSION, tips, segments: segment + 1 } satisfies CachedHistoryHead);
}

/** Per commit of a segment: whether the tables give every parent by position (none outside the history). */
export function parentsByPosition(tables: IndexTables): boolean[] {
  const known: boolean[] = [];
  for (let p = 0; p < tables.parents.length;) {
    const count = tables.parents[p++]!;
    let all = true;
    for (let k = 0; k < count; k += 1) if (tables.parents[p + k]! < 0) all = false;
    known.push(all);
    p += count;
  }
  return known;
}
