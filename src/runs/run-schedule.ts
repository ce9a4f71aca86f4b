import { Cron } from 'croner';
import { ConfigError } from '../core/index.js';

/** Default schedule (contract section 8): daily at 05:00. */
export const DEFAULT_SCHEDULE = '0 5 * * *';

export interface RunScheduleInput {
  cron: string;
  /** IANA zone the expression is read in; default UTC. */
  timezone?: string;
  /** One batch; its errors are logged and the schedule goes on. */
  runBatch: (signal: AbortSignal) => Promise<void>;
  log: (line: string) => void;
  /** Stops the schedule; a batch in flight sees the abort and is cancelled. */
  signal?: AbortSignal;
}

/** Checks a cron expression and zone, giving the next firing time. */
export function nextScheduledRun(cron: string, timezone = 'UTC', from?: Date): Date | null {
  try {
    return new Cron(cron, { timezone, paused: true }).nextRun(from);
  } catch (error) {
    throw new ConfigError(
      'usage',
      `--cron "${cron}" (timezone ${timezone}) is not a valid schedule: ${(error as Error).message}`,
      {
        field: '--cron',
        hint: 'Use five fields, minute hour day month weekday, e.g. "0 5 * * *" for daily at 05:00; --tz takes an IANA zone such as Europe/Berlin.',
      },
    );
  }
}

/**
 * Runs batches on a cron expression until the signal aborts; overlapping firings are skipped
 * (the store would refuse a second active batch anyway). Resolves once stopped and idle.
 */
export async function runSchedule(input: RunScheduleInput): Promise<void> {
  const timezone = input.timezone ?? 'UTC';
  nextScheduledRun(input.cron, timezone);
  const controller = new AbortController();
  let inFlight: Promise<void> | null = null;
  const job = new Cron(input.cron, { timezone, protect: true }, () => {
    if (inFlight) return;
    inFlight = input
      .runBatch(controller.signal)
      .catch((error: unknown) => input.log(`batch failed: ${(error as Error).message}`))
      .finally(() => {
        inFlight = null;
        const next = job.nextRun();
        if (next && !controller.signal.aborted) input.log(`next batch at ${next.toISOString()}`);
      });
  });
  const first = job.nextRun();
  input.log(`schedule "${input.cron}" (${timezone}); first batch at ${first ? first.toISOString() : 'never'}`);
  await new Promise<void>((done) => {
    if (!input.signal) return;
    if (input.signal.aborted) return done();
    input.signal.addEventListener('abort', () => done(), { once: true });
  });
  job.stop();
  controller.abort();
  if (inFlight) await inFlight;
  input.log('schedule stopped');
}
