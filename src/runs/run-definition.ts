import type { RunTrigger, RunWindow, Store } from '../store/index.js';
import type { RunTask } from './run-task.js';

/** What a run is, however it is evaluated: here (executeRun) or by queue workers (enqueueRun). */
export interface RunDefinition {
  store: Store;
  projectId: string;
  tasks: readonly RunTask[];
  trigger: RunTrigger;
  window?: RunWindow | null;
  /** Ids asked for; defaults to the ids of `tasks` (a resume or batch may ask for more than it found). */
  requestedTaskIds?: string[];
  resumeOf?: string | null;
  taskevalVersion: string;
  /** Cohort labels (`--label prompt=v2`) every result of the run carries, over the task's own. */
  labels?: Readonly<Record<string, string>>;
  /** Recorded as `warning` events once the run is running (source problems, skipped retries). */
  warnings?: readonly string[];
}
