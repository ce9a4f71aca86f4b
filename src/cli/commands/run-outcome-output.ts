import type { EvalRun, StoredResult } from '../../store/index.js';
import { EXIT } from '../exit-codes.js';

/** A result as `run --json` prints it: everything but the bundle, signals and snapshot (see `taskeval export`). */
export function compactResult(result: StoredResult): Record<string, unknown> {
  const { evidenceBundle: _bundle, signals: _signals, taskSnapshot: _snapshot, ...rest } = result as StoredResult & { evidenceBundle?: unknown; signals?: unknown };
  return rest;
}

/** Tasks whose overall score is under the threshold. */
export function belowThreshold(results: readonly StoredResult[], failUnder: number | undefined): Array<{ taskId: string; overallScore: number }> {
  if (failUnder === undefined) return [];
  return results.flatMap((r) => (r.status === 'scored' && r.overallScore < failUnder ? [{ taskId: r.taskId, overallScore: r.overallScore }] : []));
}

/**
 * The exit code of a run or batch: 130 when cancelled, else 4 when some task could not be evaluated
 * (the judge was down: not the agent's fault), else 1 when some score is under --fail-under, else 0.
 */
export function runExitCode(run: EvalRun, below: readonly unknown[]): number {
  if (run.status === 'cancelled') return EXIT.interrupted;
  if (run.counts.errored > 0) return EXIT.notEvaluated;
  if (below.length > 0) return EXIT.belowThreshold;
  return EXIT.ok;
}
