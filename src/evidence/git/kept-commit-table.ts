import type { MessageAttribution } from './attribute-commit.js';
import type { CommitTable } from './commit-table.js';
import type { RawCommit } from './git-log-parser.js';
import type { HistorySegmentRows } from './history-segment-codec.js';

/** Sha lookups answered by searching the columns before every sha is indexed instead. */
const SEARCHES_BEFORE_INDEX = 64;

/**
 * A kept history as one table: its segments oldest first, then the commits read since, positions in that
 * order. Commits and attributions are made from the columns when first asked for and then kept.
 */
export interface KeptCommitTable extends CommitTable {
  /** The position of a full sha, found without indexing every sha when few are looked up. */
  find(sha: string): number | undefined;
  /** Positions in the order of newestFirst(). */
  newestFirstPositions(): number[];
}

/** `parentsOf`: parent positions; a kept commit whose parents the columns leave out gets them from here. */
export function keptCommitTable(
  segments: readonly HistorySegmentRows[],
  fresh: readonly RawCommit[],
  freshAttributions: readonly MessageAttribution[],
  parentsOf: (i: number) => readonly number[],
): KeptCommitTable {
  const starts: number[] = [];
  let size = 0;
  for (const s of segments) {
    starts.push(size);
    size += s.size;
  }
  const kept = size;
  size += fresh.length;
  const commits: (RawCommit | undefined)[] = new Array(size);
  const attributions: (MessageAttribution | undefined)[] = new Array(size);
  let bySha: Map<string, number> | undefined;
  let sorted: string[] | undefined;
  let newest: RawCommit[] | undefined;
  let searches = 0;

  // The segment holding position i and i's row in it; segments are few (at most 16).
  const locate = (i: number): [HistorySegmentRows, number] => {
    let k = starts.length - 1;
    while (starts[k]! > i) k -= 1;
    return [segments[k]!, i - starts[k]!];
  };
  const row = <T>(i: number, read: (rows: HistorySegmentRows, r: number) => T, own: (j: number) => T): T => {
    if (i >= kept) return own(i - kept);
    const [rows, r] = locate(i);
    return read(rows, r);
  };
  const shaMap = (): Map<string, number> => {
    if (bySha) return bySha;
    bySha = new Map();
    for (let k = 0; k < segments.length; k += 1)
      for (let r = 0; r < segments[k]!.size; r += 1) bySha.set(segments[k]!.sha(r), starts[k]! + r);
    fresh.forEach((c, j) => bySha!.set(c.sha, kept + j));
    return bySha;
  };

  const sha = (i: number): string =>
    row(
      i,
      (s, r) => s.sha(r),
      (j) => fresh[j]!.sha,
    );
  const commit = (i: number): RawCommit =>
    (commits[i] ??= row(
      i,
      (s, r) => withParents(s.commit(r), i),
      (j) => fresh[j]!,
    ));
  const withParents = (c: RawCommit, i: number): RawCommit => {
    if (c.parents.length === 0) c.parents = parentsOf(i).map(sha);
    return c;
  };
  // As a whole read gives them: the commits read since, then each segment newer than the one before it.
  const newestFirstPositions = (): number[] => {
    const order = Array.from({ length: fresh.length }, (_, j) => kept + j);
    for (let k = segments.length - 1; k >= 0; k -= 1)
      for (let r = 0; r < segments[k]!.size; r += 1) order.push(starts[k]! + r);
    return order;
  };

  return {
    size,
    commit,
    attribution: (i) =>
      (attributions[i] ??= row(
        i,
        (s, r) => s.attribution(r),
        (j) => freshAttributions[j]!,
      )),
    sha,
    subject: (i) =>
      row(
        i,
        (s, r) => s.subject(r),
        (j) => fresh[j]!.subject,
      ),
    authorTime: (i) =>
      row(
        i,
        (s, r) => s.authorTime(r),
        (j) => fresh[j]!.authorTime,
      ),
    committerTime: (i) =>
      row(
        i,
        (s, r) => s.committerTime(r),
        (j) => fresh[j]!.committerTime,
      ),
    position: (sha) => shaMap().get(sha),
    // A few lookups (the parents of the commits read since) search the columns instead of indexing every
    // sha; past a few dozen, indexing them once is cheaper.
    find(sha) {
      if (bySha || ++searches > SEARCHES_BEFORE_INDEX) return shaMap().get(sha);
      for (let k = segments.length - 1; k >= 0; k -= 1) {
        const r = segments[k]!.find(sha);
        if (r !== undefined) return starts[k]! + r;
      }
      const j = fresh.findIndex((c) => c.sha === sha);
      return j === -1 ? undefined : kept + j;
    },
    sortedShas: () => (sorted ??= [...shaMap().keys()].sort()),
    newestFirstPositions,
    newestFirst: () => (newest ??= newestFirstPositions().map(commit)),
  };
}
