import type { MessageAttribution } from './attribute-commit.js';
import type { RawCommit } from './git-log-parser.js';

/** Commits by row: a whole table, or one kept segment of it. */
export interface CommitRows {
  readonly size: number;
  commit(i: number): RawCommit;
  attribution(i: number): MessageAttribution;
  sha(i: number): string;
  subject(i: number): string;
  /** Unix seconds. */
  authorTime(i: number): number;
  committerTime(i: number): number;
}

/**
 * The commits of one history by position, as the index reads them. A kept history answers from its
 * columns and makes a commit object only when one is asked for: a run that looks at ten tasks does not
 * build thirty thousand commits.
 */
export interface CommitTable extends CommitRows {
  /** The position of a full sha (lower-case); undefined when the history does not hold it. */
  position(sha: string): number | undefined;
  /** Every sha, sorted, for abbreviated lookups. */
  sortedShas(): readonly string[];
  /** Every commit newest first, as one whole `git log` gives them. */
  newestFirst(): readonly RawCommit[];
}

/** A table over commits already in memory (a whole read), in the order read. */
export function arrayCommitTable(
  commits: readonly RawCommit[],
  attributions: readonly MessageAttribution[],
  bySha: ReadonlyMap<string, number>,
): CommitTable {
  let sorted: string[] | undefined;
  return {
    size: commits.length,
    commit: (i) => commits[i]!,
    attribution: (i) => attributions[i]!,
    sha: (i) => commits[i]!.sha,
    subject: (i) => commits[i]!.subject,
    authorTime: (i) => commits[i]!.authorTime,
    committerTime: (i) => commits[i]!.committerTime,
    position: (sha) => bySha.get(sha),
    sortedShas: () => (sorted ??= [...bySha.keys()].sort()),
    newestFirst: () => commits,
  };
}
