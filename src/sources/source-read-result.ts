import type { Task } from '../core/index.js';

/** One record a source could not turn into a task, located precisely enough to fix it. */
export interface SourceProblem {
  path: string;
  line?: number;
  index?: number;
  taskId?: string;
  field?: string;
  message: string;
  /** `repository` for what the git history lacks (not a task record's fault; --strict does not stop on it). */
  scope?: 'record' | 'repository';
}

/** What reading a source gives: the valid tasks, and a problem for each record that was not valid. */
export interface SourceReadResult {
  tasks: Task[];
  problems: SourceProblem[];
  projectId?: string;
  /** What the source could not read and why, said once (not a problem with any record). */
  notices?: string[];
  /** Commits the source knows exactly, by task id (a pull request's own line): taken as they are, never attributed. */
  ownCommits?: ReadonlyMap<string, readonly string[]>;
}
