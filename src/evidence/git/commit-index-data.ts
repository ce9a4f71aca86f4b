import type { CommitTable } from './commit-table.js';

/** The in-memory tables a CommitIndex answers from, built once from the log pass. */
export interface CommitIndexData {
  repo: string;
  /** Every commit by position, with its attribution. */
  table: CommitTable;
  /** Parent positions; -1 for a parent outside the history read (shallow clone). */
  parents: number[][];
  generations: Uint32Array;
  /** Task id → commits that are its own work by trailer or subject. */
  owned: Map<string, number[]>;
  /** Task id → every commit naming it. */
  mentioned: Map<string, number[]>;
  /** Task id → commits reverting it by name. */
  revertsById: Map<string, number[]>;
  /** Commit position → commits whose body says `This reverts commit <it>`. */
  revertsOf: Map<number, number[]>;
  /** Branch name (`fusion/fn-1`, also `origin/fusion/fn-1` and the full ref) → tip sha. */
  refs: Map<string, string>;
  /** What reading the history could not do in full, one sentence each. */
  warnings: string[];
  /** What the history read lacks, in a phrase each (shallow clone, missing objects, unreadable dates); marked on every result. */
  gaps?: string[];
  /**
   * In a shallow clone: the boundary commits (their diffs are against nothing, so their line counts are
   * unknown) and the time from which history is whole (before it, history is unknown, not absent).
   */
  shallow?: { boundary: ReadonlySet<number>; wholeSince: number } | null;
}
