import { JudgeError } from '../core/index.js';

/** Provider failures in a row (each after its own retries) that stop a run: the judge is down, not one task. */
export const MAX_CONSECUTIVE_PROVIDER_FAILURES = 3;

/** Watches an evaluation's judge: a run stops once the provider failed this many tasks in a row. */
export interface JudgeHealth {
  /** One task's judging ended: with a provider failure (and its reason) or not. */
  record(outcome: { providerFailure: boolean; reason?: string }): void;
  /** The error that stops the run, once the provider failed too often in a row; null while it is fine. */
  stopError(): JudgeError | null;
}

export function createJudgeHealth(limit = MAX_CONSECUTIVE_PROVIDER_FAILURES): JudgeHealth {
  let inRow = 0;
  let last = '';
  return {
    record(outcome) {
      if (!outcome.providerFailure) {
        inRow = 0;
        return;
      }
      inRow += 1;
      last = outcome.reason ?? last;
    },
    stopError() {
      if (inRow < limit) return null;
      return new JudgeError('judge_failed', `the judge failed ${inRow} tasks in a row, so the run stopped: ${last}`, {
        hint: 'Results stored so far are kept. Once the judge answers (`taskeval doctor --judge`), `taskeval run --resume` evaluates the rest.',
      });
    },
  };
}
