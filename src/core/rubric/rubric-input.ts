import type { CommitHistorySignals, CommitRecord } from '../commit-record.js';
import type { EvidenceBundle } from '../evidence-bundle.js';
import type { Task } from '../task.js';

/** What the rubric reads: the task, its bundle, and its commits and history when a repository is known. */
export interface RubricInput {
  task: Task;
  bundle: EvidenceBundle;
  /** Null or absent means no repository: commit rules are unknown, not failed. */
  commits?: CommitRecord[] | null;
  /** Null or absent means history was not examined. */
  history?: CommitHistorySignals | null;
}
