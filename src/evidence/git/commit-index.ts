import type { CommitHistorySignals, CommitRecord, PriorActivity } from '../../core/index.js';
import type { RawCommit } from './git-log-parser.js';

/** The task fields commit attribution reads; Fusion's baseCommitSha, mergeDetails.commitSha and branch. */
export interface CommitTaskRef {
  id: string;
  baseCommitSha?: string | null;
  mergeCommitSha?: string | null;
  branch?: string | null;
}

/** Commits of one repository, indexed by task id after one pass over history; every method is synchronous. */
export interface CommitIndex {
  /** Absolute path of the repository the index was read from. */
  readonly repo: string;
  /** What reading the history could not do in full (missing objects), one sentence each. */
  readonly warnings: readonly string[];
  /** What the history read lacks, in a phrase each (shallow clone, missing objects, unreadable dates); empty when whole. */
  readonly gaps: readonly string[];
  /** Every commit read, as git printed it (newest first); for whole-history analyses such as SZZ. */
  allCommits(): readonly RawCommit[];
  /** Other work on the code files these commits changed, just before the first of them; null without code files. */
  priorActivity(own: readonly CommitRecord[]): PriorActivity | null;
  /** Every task id some commit names (trailer, scope or subject), sorted. */
  taskIds(): string[];
  /** The task's own commits, by author date then sha; see docs/decisions/commit-attribution.md. */
  commitsFor(task: CommitTaskRef): CommitRecord[];
  /** Reverts, later fixes and first/last commit time; ownShas defaults to commitsFor({ id: taskId }). */
  historyFor(taskId: string, ownShas?: readonly string[]): CommitHistorySignals;
  /** A commit by full or unambiguous abbreviated sha, without attribution. */
  commit(sha: string): CommitRecord | undefined;
  /** Author date (UTC ISO-8601) of the task's last trailer- or subject-attributed commit. */
  lastCommitAt(taskId: string): string | null;
  /** The first and last of those commits' dates and the first one's subject, in one look; null without any. */
  taskSpan(taskId: string): { firstAt: string; lastAt: string; firstSubject: string } | null;
  /** Author date (UTC ISO-8601) of the task's first trailer- or subject-attributed commit. */
  firstCommitAt(taskId: string): string | null;
  /** Subjects of the merge commits that brought these commits in (each one a merge's second or later parent). */
  mergeSubjectsOf(shas: readonly string[]): string[];
}
