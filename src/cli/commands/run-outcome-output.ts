import type { RunResult } from '../../runs/index.js';
import type { EvalRun } from '../../store/index.js';
import { EXIT } from '../exit-codes.js';

/** A result as `run --json` prints it: everything but the bundle, signals and snapshot (see `taskeval export`). */
export function compactResult(result: RunResult): Record<string, unknown> {
  const { signals: _signals, ...rest } = result as RunResult & {
    signals?: unknown;
    evidenceBundle?: unknown;
    taskSnapshot?: unknown;
  };
  return rest;
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
