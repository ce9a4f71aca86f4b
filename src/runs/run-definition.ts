import type { Forge } from '../core/index.js';
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
  /** The stored run whose results this run evaluates again (rescore). */
  rescoreOf?: string | null;
  /** The GitHub or GitLab repository of the tasks' commits, recorded so the dashboard can link them. */
  forge?: Forge | null;
  /** Recorded as `warning` events once the run is running (source problems, skipped retries). */
  warnings?: readonly string[];
}
