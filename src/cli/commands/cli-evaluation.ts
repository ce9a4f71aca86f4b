import { dirname } from 'node:path';
import {
  createHeapPacer,
  loadConfig,
  planEvaluation,
  runEvaluation,
  type ChooseTasks,
  type TaskevalConfig,
  type EvaluationFlags,
  type EvaluationIo,
  type EvaluationKind,
  type EvaluationPlan,
  type EvaluationResult,
  type LoadedRunTasks,
} from '../../runs/index.js';
import { formatSourceProblem } from '../../sources/files/index.js';
import type { LoadTaskSetOptions } from '../../sources/index.js';
import type { Store } from '../../store/index.js';
import type { CliIo } from '../cli-io.js';
import { createProgressReporter, type ProgressReporter } from '../render/progress-reporter.js';
import { loadSourceTasks, type SourceOptionValues } from '../options/source-options.js';
import { openStoreAt } from '../options/store-options.js';
import { TASKEVAL_VERSION } from '../version.js';

/** Every flag a command that evaluates may carry: the source's, the judge's, the store's, the run's. */
export type CliEvaluationOptions = SourceOptionValues & EvaluationFlags & { label?: string[] };

/** What a command adds to the shared evaluation: where its progress and results go. */
export type CliEvaluationHooks = Partial<
  Omit<EvaluationIo, 'env' | 'cwd' | 'signal' | 'taskevalVersion' | 'openStore' | 'loadTasks'>
> & {
  signal?: AbortSignal;
  /** An already open store (the dashboard's) used instead of opening the plan's, and left open. */
  store?: Store;
};

/**
 * The one evaluation path of the CLI: flags → plan (runs' planEvaluation, every problem at once) → run (runs'
 * runEvaluation: store, judge and tasks opened once, here or on the queue) → `report` renders while the store is open.
 */
export async function evaluateFromCli<T>(
  kind: EvaluationKind,
  options: CliEvaluationOptions,
  io: CliIo,
  hooks: CliEvaluationHooks,
  report: (result: EvaluationResult, plan: EvaluationPlan) => Promise<T>,
): Promise<T> {
  const { config, path: configPath } = await loadConfig(io.cwd, options.config);
  const plan = planEvaluation(kind, options, config, { cwd: io.cwd, env: io.env, configPath });
  for (const note of plan.notes ?? []) io.stderr(`note: ${note}\n`);
  const signal = hooks.signal ?? io.signal;
  const { store: shared, signal: _signal, ...observers } = hooks;
  const evaluationIo: EvaluationIo = {
    ...observers,
    env: io.env,
    cwd: io.cwd,
    ...(signal ? { signal } : {}),
    taskevalVersion: TASKEVAL_VERSION,
    note: (line) => io.stderr(`note: ${line}\n`),
    openStore: async (location) => {
      if (shared) return { store: shared, close: async () => undefined };
      const store = await openStoreAt(location, io);
      return { store, close: () => store.close() };
    },
    loadTasks: (p, store, choose) =>
      loadCliTasks(
        { ...options, ...(p.column !== undefined ? { column: p.column } : {}) },
        signal === io.signal ? io : { ...io, ...(signal ? { signal } : {}) },
        config,
        configPath,
        store,
        choose,
      ),
  };
  return runEvaluation(plan, evaluationIo, (result) => report(result, plan));
}

/** The reporter of a command that evaluates: a bar on a terminal, a line per task otherwise, a line every few seconds under --json. */
export function cliProgressReporter(io: CliIo, json: boolean): ProgressReporter {
  return createProgressReporter({ mode: json ? 'phases' : io.isTTY ? 'bar' : 'lines', write: io.stderr });
}

/** Progress of a run evaluated here, to the command's reporter. */
export function progressHooks(reporter: ProgressReporter): CliEvaluationHooks {
  return {
    onStart: ({ runId, total }) => reporter.start(runId, total),
    onResult: (result, progress) => reporter.result(result, progress),
    onWarning: (message) => reporter.warn(message),
  };
}

/** What a queued run says: its id when detached (stdout), else how many were queued and the counts as workers finish them. */
export function queueHooks(io: CliIo, json: boolean): CliEvaluationHooks {
  let total = 0;
  return {
    onQueued: (run, queued, detached) => {
      total = run.requestedTaskIds.length;
      const tasks = `${queued} task${queued === 1 ? '' : 's'} queued`;
      if (detached) {
        io.stdout(json ? `${JSON.stringify({ runId: run.id, queued }, null, 2)}\n` : `${run.id}\n`);
        io.stderr(`run ${run.id}: ${tasks}; see it with \`taskeval runs --status running\`\n`);
      } else if (!json) io.stderr(`run ${run.id}: ${tasks}; waiting for workers (\`taskeval worker\`)…\n`);
    },
    onQueueProgress: (r) => {
      if (!json)
        io.stderr(
          `  ${r.counts.total}/${total} done: ${r.counts.scored} scored, ${r.counts.skipped} skipped, ${r.counts.errored} errors\n`,
        );
    },
  };
}

/** The tasks the source flags select, as an evaluation takes them: the one place the CLI loads them. */
async function loadCliTasks(
  options: SourceOptionValues,
  io: CliIo,
  config: TaskevalConfig,
  configPath: string | null,
  store: Store | null,
  choose?: ChooseTasks,
): Promise<LoadedRunTasks> {
  const loaded = await loadSourceTasks(
    options,
    io,
    config.sources,
    configPath ? dirname(configPath) : undefined,
    store ?? undefined,
    choose as LoadTaskSetOptions['choose'],
    // An evaluation reads each task whole only when it is evaluated.
    { pace: createHeapPacer() },
  );
  return {
    projectId: loaded.set.projectId,
    projectDir: loaded.set.projectDir,
    forge: loaded.set.forge,
    tasks: loaded.set.items,
    expand: loaded.set.expand,
    repo: loaded.set.repo,
    warnings: loaded.problems.map((problem) => formatSourceProblem(problem)),
  };
}

/** The project the source flags name (completed tasks, as a batch takes them): a queued schedule is named after it. */
export async function cliProjectId(options: CliEvaluationOptions, io: CliIo, store: Store): Promise<string> {
  const { config, path: configPath } = await loadConfig(io.cwd, options.config);
  return (await loadCliTasks({ ...options, column: options.column ?? 'done' }, io, config, configPath, store))
    .projectId;
}
