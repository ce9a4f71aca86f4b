import { JudgeError } from '../core/index.js';

export interface JudgeCallErrorOptions {
  /** Worth another attempt now, after a backoff (429, 5xx, timeout, connection lost). */
  retryable: boolean;
  /** Worth another attempt in a later batch (the judge was unreachable rather than wrong). */
  transient: boolean;
  status?: number;
  /** Delay the server asked for (Retry-After), in ms. */
  retryAfterMs?: number;
  /** The provider did not answer in time: the same request is sent once more at most. */
  timedOut?: boolean;
  hint?: string;
}

/** A judge call that failed in transport; messages are already free of secrets. */
export class JudgeCallError extends JudgeError {
  readonly retryable: boolean;
  readonly transient: boolean;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly timedOut: boolean;

  constructor(message: string, options: JudgeCallErrorOptions) {
    super('judge_failed', message, options.hint ? { hint: options.hint } : {});
    this.retryable = options.retryable;
    this.transient = options.transient;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
    this.timedOut = options.timedOut ?? false;
  }
}

/** Whether an HTTP status is worth retrying: rate limits, timeouts and server errors. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Reads Retry-After (seconds or an HTTP date) or retry-after-ms into milliseconds. */
export function parseRetryAfter(
  headers: Record<string, string | undefined> | undefined,
  now = Date.now(),
): number | undefined {
  if (!headers) return undefined;
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const ms = lower['retry-after-ms'];
  if (ms !== undefined && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.round(Number(ms));
  const value = lower['retry-after']?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
