import { tallyJudgeWarnings } from '../core/index.js';
import type { JudgeCache } from '../judge/index.js';
import type { EvalRun, StoredResult } from '../store/index.js';
import { evaluateTasks, type EvaluateOne, type ExpandTasks } from './evaluate-tasks.js';
import { DEFAULT_RUN_CONCURRENCY, type OpenedJudge } from './open-judge.js';
import type { RunObserver, RunProgress } from './run-progress.js';
import type { RunDefinition } from './run-definition.js';
import { runProvenance, runSettings } from './run-settings.js';
import { saveResultOrError } from './save-result-or-error.js';
import { addJudgeSpend, formatRunJudgeSpend, NO_JUDGE_SPEND, type RunJudgeSpend } from './run-judge-spend.js';
import { summarizeRun } from './summarize-run.js';

/** Deterministic tasks evaluated while earlier results are still being written. */
const WRITE_OVERLAP = 4;

/** How often a running run says it is alive; the store calls a run stale after a minute. */
export const HEARTBEAT_INTERVAL_MS = 10_000;

export interface ExecuteRunInput extends RunObserver, RunDefinition {
  /** The judge and its spec (openJudge), or none for deterministic-only scoring. */
  judge?: OpenedJudge | null;
  /** The judge cache; the store's when absent. */
  cache?: JudgeCache;
  signal?: AbortSignal;
  clock?: () => Date;
  heartbeatMs?: number;
  /** How each task is evaluated (rescore evaluates stored results); default: from its source. */
  evaluate?: EvaluateOne;
  /** When `tasks` are heads of a streamed task file: reads them whole, a window at a time, as they are evaluated. */
  expand?: ExpandTasks | null;
  /** False: keep no result in memory (the store has them all; a 50,000-task run would hold ~1 GB). */
  keepResults?: boolean;
}

/** What a run keeps of a result in memory: all but its evidence bundle and task snapshot, which stay in the store. */
export type RunResult = StoredResult extends infer R
  ? R extends unknown
    ? Omit<R, 'evidenceBundle' | 'taskSnapshot'>
    : never
  : never;

/** The finished run and every result it stored, in completion order (light: see RunResult). */
export interface RunOutcome {
  run: EvalRun;
  results: RunResult[];
}

/** Drops the parts of a result that grow with its evidence, so a 50,000-task run does not hold them all. */
export function lightResult(result: StoredResult): RunResult {
  const {
    evidenceBundle: _bundle,
    taskSnapshot: _snapshot,
    ...rest
  } = result as StoredResult & { evidenceBundle?: unknown };
  return rest as RunResult;
}

/**
 * Creates a run, evaluates its tasks with the judge's concurrency and stores each result the moment
 * it completes. Abort → `cancelled` (stored results kept); an unexpected error → `failed`, then rethrown.
 */
export async function executeRun(input: ExecuteRunInput): Promise<RunOutcome> {
  const { store, tasks } = input;
  const clock = input.clock ?? (() => new Date());
  const iso = () => clock().toISOString();
  const judge = input.judge ?? null;
  const created = await store.createRun({
    projectId: input.projectId,
    trigger: input.trigger,
    window: input.window ?? null,
    requestedTaskIds: input.requestedTaskIds ?? tasks.map((t) => t.task.id),
    provenance: runProvenance(judge?.judge ?? null, input.taskevalVersion),
    settings: runSettings(judge?.spec ?? null, input.labels, false, {
      forge: input.forge ?? null,
      rescoreOf: input.rescoreOf ?? null,
    }),
    resumeOf: input.resumeOf ?? null,
    now: iso(),
  });
  const runId = created.id;
  const startedAt = clock().getTime();
  await store.transitionRun(runId, 'running', { now: iso() });
  input.onStart?.({ runId, total: tasks.length });
  for (const warning of input.warnings ?? [])
    await store.appendEvent(runId, { type: 'warning', message: warning, now: iso() });

  const timer = setInterval(
    () => void store.heartbeat(runId, iso()).catch(() => undefined),
    input.heartbeatMs ?? HEARTBEAT_INTERVAL_MS,
  );
  timer.unref?.();
  const results: RunResult[] = [];
  const progress: RunProgress = {
    runId,
    done: 0,
    total: tasks.length,
    scored: 0,
    skipped: 0,
    errors: 0,
    tokens: 0,
    elapsedMs: 0,
  };
  let judgeSpend: RunJudgeSpend = { ...NO_JUDGE_SPEND };
  const judgeSigns = tallyJudgeWarnings();
  const signal = input.signal;
  // Without a judge, a store across the network still gets a few writes in flight while the next tasks are
  // evaluated; SQLite writes in-process, so one slot is as fast and stops exactly where Ctrl-C came.
  const width = judge
    ? (judge.spec.concurrency ?? DEFAULT_RUN_CONCURRENCY)
    : store.writesOverNetwork
      ? WRITE_OVERLAP
      : 1;
  let fatal: { error: unknown } | null = null;
  try {
    await evaluateTasks({
      items: tasks,
      expand: input.expand ?? null,
      runId,
      taskevalVersion: input.taskevalVersion,
      judge,
      cache: input.cache ?? store.judgeCache,
      ...(input.evaluate ? { evaluate: input.evaluate } : {}),
      width,
      ...(signal ? { signal } : {}),
      now: clock,
      onResult: async (result, item, _index, spend) => {
        const stored = await saveResultOrError(store, runId, item, result, iso(), input.labels);
        if (input.keepResults !== false) results.push(lightResult(stored));
        progress.done += 1;
        progress.tokens += spend.tokens;
        if (spend.judge) judgeSpend = addJudgeSpend(judgeSpend, spend.judge);
        judgeSigns.add(stored);
        if (stored.status === 'scored') progress.scored += 1;
        else if (stored.status === 'skipped') progress.skipped += 1;
        else progress.errors += 1;
        progress.elapsedMs = clock().getTime() - startedAt;
        input.onResult?.(stored, { ...progress });
        input.onProgress?.({ ...progress });
      },
    });
  } catch (error) {
    fatal = { error };
  } finally {
    clearInterval(timer);
  }

  // The run's record keeps what its judge spent now: a line in the summary, and the figures in an event.
  const spent = judge ? formatRunJudgeSpend(judgeSpend) : null;
  if (spent)
    await store
      .appendEvent(runId, { type: 'info', message: spent, data: { judgeSpend }, now: iso() })
      .catch(() => undefined);
  // A judge that looks broken is said on the run (a warning event each) and to whoever watches it.
  for (const warning of judgeSigns.warnings()) {
    input.onWarning?.(warning);
    await store.appendEvent(runId, { type: 'warning', message: warning, now: iso() }).catch(() => undefined);
  }
  // The run's header and counts (this run, made above): its task-id lists, hundreds of thousands of ids, are not
  // needed to sum it up.
  const live = (await store.listRuns({ ids: [runId], limit: 1 })).items[0]!;
  const requested = live.requestedTasks;
  const summarize = (status: 'completed' | 'cancelled' | 'failed') =>
    `${summarizeRun(live, requested, status)}${spent ? `; ${spent}` : ''}`;
  let run: EvalRun;
  if (fatal) {
    const message = fatal.error instanceof Error ? fatal.error.message : String(fatal.error);
    await store
      .transitionRun(runId, 'failed', { reason: message, summary: summarize('failed'), now: iso() })
      .catch(() => undefined);
    throw fatal.error;
  }
  if (signal?.aborted) {
    run = await store.transitionRun(runId, 'cancelled', {
      reason: 'cancelled by the user',
      summary: summarize('cancelled'),
      now: iso(),
    });
  } else {
    run = await store.transitionRun(runId, 'completed', {
      summary: summarize('completed'),
      now: iso(),
    });
  }
  return { run, results };
}
