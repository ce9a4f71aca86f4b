import type { CommitHistorySignals, CommitRecord, Forge, Task } from '../../core/index.js';
import type { CommitHistoryCache, CommitIndex } from '../../evidence/index.js';
import type { GithubPullsOptions } from '../pulls/read-github-pulls.js';
import type { SessionReport, SessionSearch } from '../sessions/index.js';
import type { SourceConfig } from '../source-config.js';
import type { SourceProblem } from '../source-read-result.js';

/** Where a task set was read from. */
export type TaskSourceKind = 'fusion' | 'files' | 'git' | 'pulls' | 'harbor';

/** The source kinds, in the order auto-detection tries them. */
export const TASK_SOURCE_KINDS: readonly TaskSourceKind[] = ['files', 'fusion', 'git', 'pulls', 'harbor'];

/** One task ready to evaluate: commits and history are null when no repository is known. */
export interface LoadedTask {
  task: Task;
  commits: CommitRecord[] | null;
  history: CommitHistorySignals | null;
  /** executionCompletedAt, else columnMovedAt of a done/archived task, else its last commit time. */
  completedAt: string | null;
  createdAt?: string | null;
}

/** A batch's window on completedAt: after `after` (exclusive), up to `through` (inclusive). */
export interface TaskWindow {
  after?: string | null;
  through?: string | null;
}

export interface LoadTaskSetOptions {
  /** A Fusion project or any directory; also the repository when it is one and `repo` is not given. */
  projectDir: string;
  /** Skips auto-detection. */
  source?: TaskSourceKind;
  /** Task records in taskeval's schema (.json or .jsonl); implies the `files` source. */
  tasksFile?: string;
  /** Pull requests as `gh pr list --json …` wrote them (GH_PR_EXPORT); implies the `pulls` source. */
  pullsFile?: string;
  /** Pull requests from GitHub's REST API (--github OWNER/NAME); implies the `pulls` source. */
  github?: Omit<GithubPullsOptions, 'hindsight' | 'signal'>;
  /** The git repository the tasks were worked in, when it is not projectDir. */
  repo?: string;
  /** Directory of agent transcripts; overrides `config.transcripts.dir`. */
  transcriptsDir?: string;
  /** Only these ids (the column filter still applies unless column is 'all'). */
  taskIds?: readonly string[];
  /** Completed at or after (YYYY-MM-DD or ISO-8601), inclusive. */
  since?: string;
  /** Completed at or before, inclusive; a bare date means through the end of that day (UTC). */
  until?: string;
  /** 'done' = completed (done or archived), 'all' = every task, or a column name; default per source. */
  column?: string;
  /** Batches: the window on completedAt, exclusive start, inclusive end. */
  window?: TaskWindow;
  /** 'completion' (completedAt, createdAt, id) or 'source' (as read); default per source. */
  order?: 'completion' | 'source';
  /** Make the first problem fatal. */
  strict?: boolean;
  /**
   * False scores each task from what existed when it completed: no reverts, later fixes or commits after
   * its completion time. Default true (hindsight: later history is read and marked as such).
   */
  hindsight?: boolean;
  /** The `sources` key of taskeval.config.json. */
  config?: SourceConfig;
  /** Directory relative config paths (transcripts.dir) are resolved from; default projectDir. */
  configDir?: string;
  /** Directory relative option paths are resolved from; default the process's. */
  cwd?: string;
  signal?: AbortSignal;
  /** Called with the commits read so far while the repository's history streams in. */
  onHistoryProgress?: (commits: number) => void;
  /** Where to look for agent sessions to link to the tasks (git projects); null or absent: none. */
  sessions?: SessionSearch | null;
  /** A Fusion PostgreSQL database URL (`--fusion-db`): tasks, documents, run audit and board activity are read from it. */
  fusionDb?: string;
  /** Keeps the history read from git between runs (the store's cache), so the next one reads only new commits. */
  historyCache?: CommitHistoryCache;
  /**
   * Narrows the selected tasks before their commits, sessions and transcripts are read (a batch's window
   * and retries), so evidence is gathered only for the tasks evaluated. Gets the project id the set has.
   */
  choose?: (items: readonly LoadedTask[], projectId: string) => Promise<readonly LoadedTask[]>;
  /**
   * Reads a JSONL task file as heads (id, dates, column, commits) and leaves the records to `expand`, so an
   * evaluation holds a few hundred bytes a task instead of every record; not with transcripts to link.
   */
  stream?: boolean;
  /** With `stream`: called with the records read so far, every few thousand (progress, heap pacing). */
  onRecords?: (read: number) => void;
}

/** The selected tasks of one project, with their commits, and what could not be read or found. */
export interface TaskSet {
  source: TaskSourceKind;
  /** Absolute project directory. */
  projectDir: string;
  /** Fusion's project id, else `path:` and 16 hex digits of sha256 of projectDir. */
  projectId: string;
  /** Absolute path of the repository commits came from, or null when there is none. */
  repo: string | null;
  /** The GitHub or GitLab repository its remote points at, or null. */
  forge: Forge | null;
  /** The repository's commit index, for whole-history analyses (outcomes); null without a repository. */
  commitIndex: CommitIndex | null;
  /** Selected tasks, in the requested order. */
  items: LoadedTask[];
  /** Tasks read before selection. */
  readCount: number;
  /** Tasks the selection (ids, column, dates, window) took, before `choose` narrowed them. */
  selectedCount: number;
  problems: SourceProblem[];
  /** Where the tasks came from, for messages: the task file, the project or the repository. */
  origin: string;
  /** The agent sessions found and linked, when sessions were searched for a repository. */
  sessions: SessionReport | null;
  /** What the source could not read and why (a Fusion project kept in PostgreSQL read without its database). */
  notices: string[];
  /**
   * Null when `items` hold whole tasks. Otherwise `items` are heads (`stream`), and this reads the given ones
   * whole, with their pull requests, sessions, identity and prices, keeping every other field of each item.
   */
  expand: (<T extends LoadedTask>(items: readonly T[]) => Promise<T[]>) | null;
}
