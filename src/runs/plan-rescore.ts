import { ConfigError, LifecycleError, type Task } from '../core/index.js';
import { isTerminalStatus, resultPages, type EvalRun, type Store } from '../store/index.js';
import { planResume } from './plan-resume.js';
import type { RunTask } from './run-task.js';

/** One stored result to evaluate again: its task as stored (for who did it), and where to read the rest. */
export interface RescoreItem extends RunTask {
  resultId: string;
}

/** What a re-score evaluates: the stored run, the run it resumes (if any), and the stored results to do, in task order. */
export interface RescorePlan {
  source: EvalRun;
  resumeOf: EvalRun | null;
  items: RescoreItem[];
}

const PAGE = 200;

/**
 * Plans `rescore --run ID` (every result of a finished run) or `rescore --resume RUN` (the results a stopped
 * re-score did not finish). Only a finished run is re-scored: an active one may still be adding results.
 */
export async function planRescore(store: Store, input: { runId?: string; resume?: string }): Promise<RescorePlan> {
  let resumeOf: EvalRun | null = null;
  let only: Set<string> | null = null;
  let sourceId = input.runId;
  if (input.resume !== undefined) {
    const plan = await planResume(store, input.resume);
    resumeOf = plan.previous;
    const of = plan.previous.settings.rescoreOf;
    if (!of)
      throw new ConfigError(
        'usage',
        `run ${plan.previous.id} is not a re-score; resume it with taskeval run --resume`,
        { field: '--resume' },
      );
    if (sourceId !== undefined && sourceId !== of)
      throw new ConfigError('usage', `run ${plan.previous.id} re-scored ${of}, not ${sourceId}`, { field: '--run' });
    sourceId = of;
    only = new Set(plan.missingTaskIds);
  }
  if (sourceId === undefined)
    throw new ConfigError('usage', 'name the run to re-score with --run ID (or resume one with --resume ID)', {
      field: '--run',
    });
  const source = await store.getRun(sourceId);
  if (!isTerminalStatus(source.status)) {
    throw new LifecycleError(
      'invalid_transition',
      `run ${source.id} is still ${source.status}; only a finished, cancelled or failed run can be re-scored`,
      {
        hint: 'wait for it to finish',
      },
    );
  }
  const items: RescoreItem[] = [];
  for await (const page of resultPages(store, { runId: source.id, full: true, sort: 'taskId', order: 'asc' }, PAGE)) {
    for (const stored of page) {
      if (only && !only.has(stored.taskId)) continue;
      const task = (stored.taskSnapshot ?? { id: stored.taskId, title: stored.title }) as Task;
      items.push({ task, commits: null, history: null, completedAt: stored.completedAt, resultId: stored.id });
    }
  }
  return { source, resumeOf, items };
}
