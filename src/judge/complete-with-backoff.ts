import { JudgeError } from '../core/index.js';
import { backoffDelay, DEFAULT_BACKOFF, sleep as realSleep, type BackoffOptions } from './backoff.js';
import { JudgeCallError } from './judge-call-error.js';
import type { Judge, JudgeRequest, JudgeResponse } from './judge.js';

export interface BackoffOutcome {
  response: JudgeResponse;
  /** Transport attempts made, including the successful one. */
  attempts: number;
  waitedMs: number;
}

/** One judge call with retries on retryable transport failures (429, 5xx, timeouts), honouring Retry-After. */
export async function completeWithBackoff(
  judge: Judge,
  request: JudgeRequest,
  options: BackoffOptions = {},
): Promise<BackoffOutcome> {
  const maxAttempts = options.maxAttempts ?? DEFAULT_BACKOFF.maxAttempts;
  const maxTotalWaitMs = options.maxTotalWaitMs ?? DEFAULT_BACKOFF.maxTotalWaitMs;
  const wait = options.sleep ?? realSleep;
  let waitedMs = 0;
  let timeouts = 0;
  for (let attempt = 0; ; attempt++) {
    if (request.signal?.aborted) throw new JudgeError('cancelled', 'interrupted before the judge call');
    try {
      return { response: await judge.complete(request), attempts: attempt + 1, waitedMs };
    } catch (error) {
      if (!(error instanceof JudgeCallError) || !error.retryable) throw error;
      // A model that ran out of time once will likely do so again on the identical request: one more try at most.
      if (error.timedOut && ++timeouts > 1)
        throw retryFailure(error, 'timed out twice; the same request is not sent a third time');
      const delay = backoffDelay(attempt, error.retryAfterMs, options);
      if (attempt >= maxAttempts) {
        throw retryFailure(error, `gave up after ${attempt + 1} attempts`);
      }
      if (waitedMs + delay > maxTotalWaitMs) {
        throw retryFailure(
          error,
          `gave up: the next wait (${Math.ceil(delay / 1000)} s) would pass the ${Math.round(maxTotalWaitMs / 1000)} s retry budget`,
        );
      }
      await wait(delay, request.signal);
      waitedMs += delay;
    }
  }
}

function retryFailure(last: JudgeCallError, why: string): JudgeCallError {
  return new JudgeCallError(`${last.message} (${why})`, {
    retryable: false,
    transient: true,
    ...(last.status !== undefined ? { status: last.status } : {}),
    hint: 'The judge was unreachable or rate-limited; run again later, or lower --concurrency.',
  });
}
