import { createHash } from 'node:crypto';
import { JudgeError, LifecycleError, type Forge, type TaskResult } from '../core/index.js';
import { costOf, judgePrice, meterJudge, type JudgeTotals } from '../judge/index.js';
import {
  ageCutoff,
  type EvalRun,
  type PruneReport,
  type RunWindow,
  type Store,
  type StoreLocation,
} from '../store/index.js';
import { evaluateTasks, type ExpandTasks } from './evaluate-tasks.js';
import { wholeRunTasks } from './whole-run-tasks.js';
import { withChange } from './with-change.js';
import { executeRun } from './execute-run.js';
import { executeBatch } from './execute-batch.js';
import type { RetryPlan } from './find-retry-candidates.js';
import { checkOpenedJudge, openJudge, type OpenedJudge } from './open-judge.js';
import { planBatch, type BatchPlan } from './plan-batch.js';
import type { EvaluationPlan } from './plan-evaluation.js';
import { planResume } from './plan-resume.js';
import { previewPrompts, type PromptPreview } from './preview-prompts.js';
import { EvaluationQueue, enqueueRun, followQueuedRun } from './queue/index.js';
import type { RunObserver } from './run-progress.js';
import type { RunTask } from './run-task.js';
import { watchCompletions } from './watch-completions.js';

/** The tasks an evaluation takes, with the project they belong to and what could not be read. */
export interface LoadedRunTasks {
  projectId: string;
  projectDir: string;
  /** The GitHub or GitLab repository of the tasks' commits, recorded on the run for the dashboard's links. */
  forge: Forge | null;
  tasks: RunTask[];
  /** Set when `tasks` are heads of a streamed task file: reads them whole (evaluateTasks does, a window at a time). */
  expand?: ExpandTasks | null;
  /** Source problems, kept as warning events on the run. */
  warnings: string[];
  /** The repository the tasks' commits came from, where their change is read for a judge; null without one. */
  repo?: string | null;
}

/** Narrows the loaded tasks before their evidence is read (a batch's window and retries). */
export type ChooseTasks<T extends RunTask = RunTask> = (
  items: readonly T[],
  projectId: string,
) => Promise<readonly T[]>;

/** What an evaluation needs from whoever runs it: the CLI, the dashboard's server, a test. */
export interface EvaluationIo extends RunObserver {
  env: NodeJS.ProcessEnv;
  cwd: string;
  signal?: AbortSignal;
  taskevalVersion: string;
  /** Opens the plan's store; `close` is the caller's way to keep a shared store open (the dashboard's). */
  openStore(location: StoreLocation): Promise<{ store: Store; close: () => Promise<void> }>;
  /** Loads the tasks the plan selects (`column`); with a store the git history is kept in it between runs. */
  loadTasks(plan: EvaluationPlan, store: Store | null, choose?: ChooseTasks): Promise<LoadedRunTasks>;
  /** A queued run was created: `detached` when nothing waits for it. */
  onQueued?(run: EvalRun, queued: number, detached: boolean): void;
  /** A queued run's counts grew. */
  onQueueProgress?(run: EvalRun): void;
  /** `score`: each result in task order, as soon as it and every one before it are made, with how far scoring is. */
  onScored?(result: TaskResult, progress: { done: number; total: number }): Promise<void> | void;
  /** A line for a long-lived evaluation's log (completion runs). */
  log?(line: string): void;
  /** Something the evaluation learned and chose for the user, said once (the judge's context). */
  note?(line: string): void;
  /** A dry run: each task's judge prompt, in task order. */
  onPrompt?(preview: PromptPreview): void;
  /** Completion runs: how often the source is polled. */
  pollIntervalMs?: number;
}

/** What an evaluation did, handed to the renderer while the store is still open. */
export interface EvaluationResult {
  /** The stored run; null for `score`, a detached queued run's caller, or a resume with nothing left. */
  run: EvalRun | null;
  /** A queued run nothing waited for. */
  detached: EvalRun | null;
  /** A resume found every task done: the run it would have resumed. */
  nothingToResume: EvalRun | null;
  batch: { window: RunWindow; retries: RetryPlan; pruned: PruneReport | null } | null;
  /** What the judge cost a `score`; null without a judge. */
  scoreTotals: {
    totals: JudgeTotals;
    costUsd: number | null;
    cacheEnabled: boolean;
    provider: string;
    model: string;
  } | null;
  store: Store | null;
}

const NOTHING: Omit<EvaluationResult, 'store'> = {
  run: null,
  detached: null,
  nothingToResume: null,
  batch: null,
  scoreTotals: null,
};

/**
 * The one way an evaluation plan is carried out: opens the store, builds the judge and loads the tasks once,
 * then evaluates here or on the queue (two strategies of one call). `report` renders while the store is open.
 */
export async function runEvaluation<T>(
  plan: EvaluationPlan,
  given: EvaluationIo,
  report: (result: EvaluationResult) => Promise<T>,
): Promise<T> {
  // With a judge (or a look at its prompts) each task can read its own change; without one nothing is read.
  const io: EvaluationIo =
    plan.judge || plan.dryRun
      ? { ...given, loadTasks: async (p, store, choose) => withChange(await given.loadTasks(p, store, choose)) }
      : given;
  if (plan.dryRun) {
    const set = await io.loadTasks(plan, null);
    await previewPrompts(
      await wholeRunTasks(set.tasks, set.expand),
      plan.judge,
      ephemeralRunId('score', new Date()),
      (p) => io.onPrompt?.(p),
    );
    return report({ ...NOTHING, store: null });
  }
  const opened = plan.store ? await io.openStore(plan.store) : null;
  const store = opened?.store ?? null;
  try {
    const judge = openJudge(plan.judge, io.env, { cwd: io.cwd });
    if (judge && plan.probe) {
      const note = await checkOpenedJudge(judge, io.signal);
      if (note) io.note?.(note);
    }
    if (plan.kind === 'score') return await report({ ...(await score(plan, io, judge, store)), store });
    return await report({ ...(await evaluateStored(plan, io, judge, store!)), store });
  } finally {
    await opened?.close();
  }
}

/** `score`: every task through the evaluation loop, handed on in task order; nothing stored. */
async function score(
  plan: EvaluationPlan,
  io: EvaluationIo,
  judge: OpenedJudge | null,
  store: Store | null,
): Promise<Omit<EvaluationResult, 'store'>> {
  const set = await io.loadTasks(plan, null);
  const now = new Date();
  const meter = judge ? meterJudge(judge.judge, store?.judgeCache) : null;
  const metered =
    judge && meter ? { ...judge, judge: meter.judge, ...(meter.cache ? { cache: meter.cache } : {}) } : null;
  // Results come back in completion order; those ahead of their turn wait here (about the judge's concurrency).
  const waiting = new Map<number, TaskResult>();
  let turn = 0;
  await evaluateTasks({
    items: set.tasks,
    expand: set.expand ?? null,
    runId: ephemeralRunId('score', now),
    evaluatedAt: now.toISOString(),
    taskevalVersion: io.taskevalVersion,
    judge: metered,
    width: judge ? judge.spec.concurrency : 1,
    ...(io.signal ? { signal: io.signal } : {}),
    now: () => new Date(),
    onResult: async (result, _item, index) => {
      waiting.set(index, result);
      for (let next = waiting.get(turn); next; next = waiting.get(turn)) {
        waiting.delete(turn++);
        // Awaited: the command may be waiting for a slow reader of its output.
        await io.onScored?.(next, { done: turn, total: set.tasks.length });
      }
    },
  });
  if (io.signal?.aborted) throw new JudgeError('cancelled', `interrupted after ${turn} of ${set.tasks.length} tasks`);
  if (!judge || !meter) return NOTHING;
  const totals = meter.totals();
  const price = judgePrice(judge.spec, judge.judge.modelId);
  return {
    ...NOTHING,
    scoreTotals: {
      totals,
      costUsd: price ? costOf(totals.usage, price) : null,
      cacheEnabled: store !== null,
      provider: judge.judge.provider,
      model: judge.judge.modelId,
    },
  };
}

/** `run`, `batch`, `completion` and `api`: a stored run, evaluated here or by queue workers. */
async function evaluateStored(
  plan: EvaluationPlan,
  io: EvaluationIo,
  judge: OpenedJudge | null,
  store: Store,
): Promise<Omit<EvaluationResult, 'store'>> {
  const common = {
    store,
    judge,
    taskevalVersion: io.taskevalVersion,
    labels: plan.labels,
    ...(io.signal ? { signal: io.signal } : {}),
  };
  const observe = {
    ...(io.onStart ? { onStart: io.onStart } : {}),
    ...(io.onResult ? { onResult: io.onResult } : {}),
    ...(io.onProgress ? { onProgress: io.onProgress } : {}),
    ...(io.onWarning ? { onWarning: io.onWarning } : {}),
  };
  if (plan.kind === 'completion') {
    const first = await io.loadTasks(plan, store);
    await watchCompletions({
      store,
      projectId: first.projectId,
      intervalMs: io.pollIntervalMs ?? 30_000,
      log: io.log ?? (() => undefined),
      ...(io.signal ? { signal: io.signal } : {}),
      poll: async () => {
        const polled = await io.loadTasks(plan, store);
        return wholeRunTasks(polled.tasks, polled.expand);
      },
      evaluate: async (tasks, signal) => {
        const { run } = await executeRun({
          ...common,
          signal,
          projectId: first.projectId,
          forge: first.forge,
          tasks,
          trigger: 'task_completion',
          keepResults: false,
        });
        io.log?.(`run ${run.id} ${run.status}: ${run.summary ?? ''}`);
      },
    });
    return NOTHING;
  }
  if (plan.kind === 'batch') {
    // Planned from the completed tasks before their evidence is read: commits, sessions and transcripts are
    // gathered for the window and the retries only.
    let planned: BatchPlan<RunTask> | undefined;
    const now = new Date().toISOString();
    const set = await io.loadTasks(
      plan,
      store,
      async (items, projectId) => (planned = await planBatch(store, projectId, items, now)).tasks,
    );
    const batch = planned!;
    if (plan.queue) {
      const run = await queued(plan, io, store, judge, set, {
        tasks: await wholeRunTasks(batch.tasks, set.expand),
        trigger: 'schedule',
        window: batch.window,
        warnings: [...set.warnings, ...batch.warnings],
      });
      const pruned =
        plan.retentionDays === undefined
          ? null
          : await store.prune({ olderThan: ageCutoff(plan.retentionDays, new Date().toISOString()) });
      return {
        ...NOTHING,
        ...(run.detached ? { detached: run.run } : { run: run.run }),
        batch: { window: batch.window, retries: batch.retries, pruned },
      };
    }
    const outcome = await executeBatch({
      ...common,
      ...observe,
      projectId: set.projectId,
      forge: set.forge,
      tasks: batch.tasks,
      expand: set.expand ?? null,
      plan: batch,
      warnings: set.warnings,
      keepResults: false,
      ...(plan.retentionDays !== undefined ? { retentionDays: plan.retentionDays } : {}),
    });
    return {
      ...NOTHING,
      run: outcome.run,
      batch: { window: outcome.window, retries: outcome.retries, pruned: outcome.pruned },
    };
  }
  const set = await io.loadTasks(plan, store);
  let tasks = set.tasks;
  let requested: string[] | undefined;
  let resumeOf: string | null = null;
  const warnings = [...set.warnings];
  if (plan.resume !== null) {
    const resume = await planResume(store, plan.resume);
    if (resume.missingTaskIds.length === 0) return { ...NOTHING, nothingToResume: resume.previous };
    const byId = new Map(set.tasks.map((t) => [t.task.id, t]));
    requested = resume.missingTaskIds;
    resumeOf = resume.previous.id;
    tasks = resume.missingTaskIds.flatMap((id) => byId.get(id) ?? []);
    for (const id of resume.missingTaskIds)
      if (!byId.has(id)) warnings.push(`${id}: not resumed, the source no longer has it`);
  }
  if (plan.queue) {
    const run = await queued(plan, io, store, judge, set, {
      tasks: await wholeRunTasks(tasks, set.expand),
      trigger: plan.trigger!,
      window: null,
      warnings,
      ...(requested ? { requested } : {}),
      resumeOf,
    });
    return { ...NOTHING, ...(run.detached ? { detached: run.run } : { run: run.run }) };
  }
  const { run } = await executeRun({
    ...common,
    ...observe,
    projectId: set.projectId,
    forge: set.forge,
    tasks,
    expand: set.expand ?? null,
    trigger: plan.trigger!,
    ...(requested ? { requestedTaskIds: requested } : {}),
    resumeOf,
    warnings,
    keepResults: false,
  });
  return { ...NOTHING, run };
}

/** The queue strategy: one job per task for `taskeval worker`, then (unless detached) the run followed to its end. */
async function queued(
  plan: EvaluationPlan,
  io: EvaluationIo,
  store: Store,
  judge: OpenedJudge | null,
  set: LoadedRunTasks,
  what: {
    tasks: readonly RunTask[];
    trigger: EvalRun['trigger'];
    window: RunWindow | null;
    warnings: readonly string[];
    requested?: string[];
    resumeOf?: string | null;
  },
): Promise<{ run: EvalRun; detached: boolean }> {
  if (!plan.store) throw new LifecycleError('invalid_transition', 'a queued run needs a store');
  const queue = await EvaluationQueue.open(plan.store);
  try {
    const run = await enqueueRun({
      store,
      queue,
      projectId: set.projectId,
      forge: set.forge,
      tasks: what.tasks,
      trigger: what.trigger,
      window: what.window,
      ...(what.requested ? { requestedTaskIds: what.requested } : {}),
      resumeOf: what.resumeOf ?? null,
      judge: judge?.spec ?? null,
      labels: plan.labels,
      warnings: what.warnings,
      taskevalVersion: io.taskevalVersion,
      jobTimeoutSeconds: plan.queue!.jobTimeoutSeconds,
      now: new Date().toISOString(),
    });
    io.onQueued?.(run, what.tasks.length, plan.queue!.detach);
    if (plan.queue!.detach) return { run, detached: true };
    return {
      run: await followQueuedRun({
        store,
        queue,
        runId: run.id,
        ...(io.signal ? { signal: io.signal } : {}),
        ...(io.onQueueProgress ? { onProgress: io.onQueueProgress } : {}),
      }),
      detached: false,
    };
  } finally {
    await queue.close();
  }
}

/** A run id for an evaluation that is not stored: `<prefix>-` and a short hash of the time. */
export function ephemeralRunId(prefix: string, now: Date): string {
  return `${prefix}-${createHash('sha256').update(now.toISOString()).digest('hex').slice(0, 10)}`;
}
