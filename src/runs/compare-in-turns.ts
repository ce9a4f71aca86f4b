import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  compareCohortCellsInSteps,
  type CohortComparison,
  type CompareCell,
  type CompareCellsOptions,
} from '../core/index.js';

/**
 * A cohort comparison computed a step at a time with a turn of the event loop between steps: a server
 * answers other requests while a comparison with many small strata bootstraps for seconds.
 */
export async function compareInTurns(
  cells: readonly CompareCell[],
  options: CompareCellsOptions,
): Promise<CohortComparison> {
  const steps = compareCohortCellsInSteps(cells, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await nextTurn();
  }
}
