import { JudgeError } from '../core/index.js';

export interface BackoffOptions {
  /** Attempts after the first on 429, 5xx, timeouts and lost connections. */
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Total time one call may spend waiting between attempts; past it the call fails as transient. */
  maxTotalWaitMs?: number;
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const DEFAULT_BACKOFF: Required<Omit<BackoffOptions, 'random' | 'sleep'>> = {
  maxAttempts: 4,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  maxTotalWaitMs: 120_000,
};

/** Delay before retry `attempt` (0-based): the server's Retry-After when given, else exponential with jitter in [½, 1]. */
export function backoffDelay(attempt: number, retryAfterMs: number | undefined, options: BackoffOptions = {}): number {
  const base = options.baseDelayMs ?? DEFAULT_BACKOFF.baseDelayMs;
  const max = options.maxDelayMs ?? DEFAULT_BACKOFF.maxDelayMs;
  if (retryAfterMs !== undefined) return Math.max(0, retryAfterMs);
  const exp = Math.min(max, base * 2 ** attempt);
  const random = options.random ?? Math.random;
  return Math.round(exp * (0.5 + random() * 0.5));
}

/** Waits `ms`, rejecting with a `cancelled` error when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new JudgeError('cancelled', 'interrupted while waiting to retry'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new JudgeError('cancelled', 'interrupted while waiting to retry'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
