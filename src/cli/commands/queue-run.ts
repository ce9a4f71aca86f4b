import type { Forge } from '../../core/index.js';
import { enqueueRun, EvaluationQueue, followQueuedRun, type RunTask } from '../../runs/index.js';
import type { EvalRun, RunTrigger, RunWindow } from '../../store/index.js';
import type { CliIo } from '../cli-io.js';
import type { OpenedJudge } from '../../runs/index.js';
import type { CliStore } from '../options/store-options.js';
import { TASKEVAL_VERSION } from '../version.js';

export interface QueueRunInput {
  cli: CliStore;
  judge: OpenedJudge | null;
  tasks: readonly RunTask[];
  projectId: string;
  forge?: Forge | null;
  /** 'manual' for `run --queue`, 'schedule' (with its window) for `batch --queue`. */
  trigger?: RunTrigger;
  window?: RunWindow | null;
  requested: string[] | undefined;
  resumeOf: string | null;
  labels: Readonly<Record<string, string>>;
  warnings: readonly string[];
  jobTimeoutSeconds: number | undefined;
  detach: boolean;
  json: boolean;
}

/**
 * `run --queue` and `batch --queue`: creates the run with one job per task, then follows it until workers finish it (the
 * finished run is returned for the usual report), or, with --detach, prints its id and returns null.
 */
export async function queueRun(input: QueueRunInput, io: CliIo): Promise<EvalRun | null> {
  const queue = await EvaluationQueue.open(input.cli.location);
  try {
    const run = await enqueueRun({
      store: input.cli.store,
      queue,
      projectId: input.projectId,
      forge: input.forge ?? null,
      tasks: input.tasks,
      trigger: input.trigger ?? 'manual',
      window: input.window ?? null,
      ...(input.requested ? { requestedTaskIds: input.requested } : {}),
      resumeOf: input.resumeOf,
      judge: input.judge?.spec ?? null,
      labels: input.labels,
      warnings: input.warnings,
      taskevalVersion: TASKEVAL_VERSION,
      ...(input.jobTimeoutSeconds !== undefined ? { jobTimeoutSeconds: input.jobTimeoutSeconds } : {}),
      now: new Date().toISOString(),
    });
    const total = run.requestedTaskIds.length;
    if (input.detach) {
      if (input.json) io.stdout(`${JSON.stringify({ runId: run.id, queued: input.tasks.length }, null, 2)}\n`);
      else io.stdout(`${run.id}\n`);
      io.stderr(`run ${run.id}: ${input.tasks.length} task${input.tasks.length === 1 ? '' : 's'} queued; see it with \`taskeval runs --status running\`\n`);
      return null;
    }
    if (!input.json) io.stderr(`run ${run.id}: ${input.tasks.length} task${input.tasks.length === 1 ? '' : 's'} queued; waiting for workers (\`taskeval worker\`)…\n`);
    return await followQueuedRun({
      store: input.cli.store,
      queue,
      runId: run.id,
      ...(io.signal ? { signal: io.signal } : {}),
      onProgress: (r) => {
        if (!input.json) io.stderr(`  ${r.counts.total}/${total} done: ${r.counts.scored} scored, ${r.counts.skipped} skipped, ${r.counts.errored} errors\n`);
      },
    });
  } finally {
    await queue.close();
  }
}
