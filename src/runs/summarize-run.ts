import type { EvalRun } from '../store/index.js';

/** The one-line summary kept on a finished run, e.g. `40 tasks: 38 scored, 0 skipped, 2 errors; overall mean 74.5`. */
export function summarizeRun(
  run: Pick<EvalRun, 'counts' | 'aggregates'>,
  requested: number,
  status: 'completed' | 'cancelled' | 'failed',
): string {
  const { counts, aggregates } = run;
  const head =
    status === 'completed'
      ? `${counts.total} task${counts.total === 1 ? '' : 's'}`
      : `${status} after ${counts.total} of ${requested} task${requested === 1 ? '' : 's'}`;
  const mean = aggregates.overall === null ? 'nothing scored' : `overall mean ${aggregates.overall}`;
  return `${head}: ${counts.scored} scored, ${counts.skipped} skipped, ${counts.errored} errors; ${mean}`;
}
