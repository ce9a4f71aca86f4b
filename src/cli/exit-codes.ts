import { isTaskevalError, type ErrorCode } from '../core/errors/index.js';

/** Exit codes a CI job can rely on (README, "Exit codes"). */
export const EXIT = Object.freeze({
  ok: 0,
  /** Some evaluated task scored under --fail-under. */
  belowThreshold: 1,
  usage: 2,
  badInput: 3,
  /** Some tasks could not be evaluated (judge down, timeouts). */
  notEvaluated: 4,
  /** Another run or batch is active. */
  conflict: 5,
  /** The store could not be read or written: unreachable, damaged, read-only for a write, or needing `taskeval migrate`. */
  store: 6,
  /** The output could not be written (a full disk). */
  output: 7,
  /** A bug in taskeval. */
  internal: 70,
  /** Interrupted by Ctrl-C. */
  interrupted: 130,
});

// Exhaustive on purpose: a new error code must be given its exit code here.
const BY_CODE: Record<ErrorCode, number> = {
  usage: EXIT.usage,
  invalid_config: EXIT.usage,
  judge_config: EXIT.usage,
  store_version: EXIT.store,
  invalid_transition: EXIT.usage,
  terminal_immutable: EXIT.usage,
  invalid_score: EXIT.badInput,
  invalid_category: EXIT.badInput,
  missing_category: EXIT.badInput,
  duplicate_category: EXIT.badInput,
  invalid_input: EXIT.badInput,
  source_unreadable: EXIT.badInput,
  source_invalid: EXIT.badInput,
  not_found: EXIT.badInput,
  store_failed: EXIT.store,
  store_corrupt: EXIT.store,
  duplicate_result: EXIT.badInput,
  run_not_running: EXIT.usage,
  judge_failed: EXIT.notEvaluated,
  judge_malformed: EXIT.notEvaluated,
  active_run_conflict: EXIT.conflict,
  cancelled: EXIT.interrupted,
  output_failed: EXIT.output,
};

/** The one mapping from an error to an exit code. */
export function exitCodeFor(error: unknown): number {
  if (isTaskevalError(error)) return BY_CODE[error.code] ?? EXIT.internal;
  return EXIT.internal;
}
