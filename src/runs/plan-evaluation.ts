import { ConfigError, isTaskevalError, parseLabelPairs, type TaskevalError } from '../core/index.js';
import type { JudgeSpec } from '../judge/index.js';
import type { RunTrigger, StoreLocation } from '../store/index.js';
import type { TaskevalConfig } from './config/taskeval-config.js';
import { DEFAULT_JOB_TIMEOUT_SECONDS } from './queue/index.js';
import { parseCount } from './parse-count.js';
import { judgeConcurrencyNote, resolveJudgeSpec, type JudgeFlagValues } from './resolve-judge-spec.js';
import { resolveStoreLocation, type StoreFlagValues } from './resolve-store-location.js';

/**
 * What is evaluated: `score` stores nothing; `run` is a manual run (or resumes one); `batch` takes tasks completed
 * since the last batch; `completion` evaluates tasks as they complete; `api` is a run the dashboard starts.
 */
export const EVALUATION_KINDS = ['score', 'run', 'batch', 'completion', 'api'] as const;
export type EvaluationKind = (typeof EVALUATION_KINDS)[number];

const TRIGGER: Record<EvaluationKind, RunTrigger | null> = {
  score: null,
  run: 'manual',
  batch: 'schedule',
  completion: 'task_completion',
  api: 'api',
};

/** Every flag an evaluation takes, as a command line gives them (numbers still text). */
export interface EvaluationFlags extends JudgeFlagValues, StoreFlagValues {
  /** The source's column filter; batches and completion runs take completed tasks unless told otherwise. */
  column?: string;
  /** `--label key=value`, repeatable. */
  label?: readonly string[];
  /** `run --resume RUN`: the tasks a stopped run did not finish. */
  resume?: string;
  queue?: boolean;
  detach?: boolean;
  jobTimeout?: string;
  /** `score --dry-run`: build each task's judge prompt and say its size; nothing is sent or stored. */
  dryRun?: boolean;
}

/** One evaluation, decided before anything is opened: the same value for the CLI, the dashboard and the workers. */
export interface EvaluationPlan {
  kind: EvaluationKind;
  /** The run's trigger; null for `score`, which stores no run. */
  trigger: RunTrigger | null;
  /** Where results (or, for `score`, the judge cache) are kept; null for a `score` that needs no store. */
  store: StoreLocation | null;
  /** The judge, whole and without keys; null for deterministic-only scoring. */
  judge: JudgeSpec | null;
  /** The column filter the source applies (undefined: the source's own default). */
  column: string | undefined;
  /** Cohort labels every result of the run carries. */
  labels: Record<string, string>;
  /** The run whose unfinished tasks a `run --resume` evaluates. */
  resume: string | null;
  /** Evaluated by queue workers instead of here; null: here. */
  queue: { detach: boolean; jobTimeoutSeconds: number } | null;
  /** Batches: finished runs older than this many days are deleted after each batch (the config's retentionDays). */
  retentionDays?: number;
  /** What the plan chose for the user and should say once (a local judge's concurrency). */
  notes?: string[];
  /** Check the judge with one tiny call before the first task (not with --no-probe). */
  probe?: boolean;
  /** Only build the judge prompts (`score --dry-run`, `taskeval prompt`): no judge call, no store. */
  dryRun?: boolean;
}

/**
 * Turns flags and config into an evaluation plan without opening anything, or throws one usage error that
 * lists every problem found (the first names its flag), so a command line is fixed in one go.
 */
export function planEvaluation(
  kind: EvaluationKind,
  flags: EvaluationFlags,
  config: TaskevalConfig,
  where: { cwd: string; env: NodeJS.ProcessEnv; configPath: string | null },
): EvaluationPlan {
  const problems: TaskevalError[] = [];
  const attempt = <T>(fn: () => T, fallback: T): T => {
    try {
      return fn();
    } catch (error) {
      if (!isTaskevalError(error)) throw error;
      problems.push(error);
      return fallback;
    }
  };
  const judge = attempt(() => resolveJudgeSpec(flags, config.judge), null);
  const concurrencyNote = judgeConcurrencyNote(flags, config.judge, judge);
  const labels = attempt(() => parseLabels(flags.label), {});
  const queue = attempt(() => planQueue(kind, flags), null);
  if (flags.dryRun && kind !== 'score')
    problems.push(new ConfigError('usage', '--dry-run is for taskeval score', { field: '--dry-run' }));
  if (flags.resume !== undefined && kind !== 'run')
    problems.push(new ConfigError('usage', '--resume is for taskeval run', { field: '--resume' }));
  if (problems.length > 1) {
    throw new ConfigError('usage', problems.map((p) => p.message).join('; '), {
      field: problems[0]!.field ?? 'flags',
      ...(problems[0]!.hint ? { hint: problems[0]!.hint } : {}),
    });
  }
  if (problems[0]) throw problems[0];
  // A `score` keeps nothing; only a judge's cache needs the store.
  const store =
    kind === 'score' && (!judge?.useCache || flags.dryRun)
      ? null
      : resolveStoreLocation(flags, where, config, where.configPath);
  return {
    kind,
    trigger: TRIGGER[kind],
    store,
    judge,
    column: flags.column ?? (kind === 'batch' || kind === 'completion' ? 'done' : undefined),
    labels,
    ...(concurrencyNote ? { notes: [concurrencyNote] } : {}),
    ...(judge && flags.probe !== false && !flags.dryRun ? { probe: true } : {}),
    ...(flags.dryRun ? { dryRun: true } : {}),
    resume: flags.resume ?? null,
    queue,
    ...(kind === 'batch' && config.retentionDays !== undefined ? { retentionDays: config.retentionDays } : {}),
  };
}

/** `--label key=value` pairs; a pair without `=` or with an odd key is a usage error naming it. */
export function parseLabels(pairs: readonly string[] | undefined): Record<string, string> {
  const parsed = parseLabelPairs(pairs ?? []);
  if (!parsed.ok)
    throw new ConfigError('usage', `--label: "${parsed.bad}" is not key=value (a key is letters, digits, _ . -)`, {
      field: '--label',
    });
  return parsed.labels;
}

/** The queue flags: each needs --queue, and a cost budget cannot be shared by workers. */
export function planQueue(kind: EvaluationKind, flags: EvaluationFlags): EvaluationPlan['queue'] {
  if (flags.detach && !flags.queue) throw new ConfigError('usage', '--detach needs --queue', { field: '--detach' });
  if (flags.jobTimeout !== undefined && !flags.queue)
    throw new ConfigError('usage', '--job-timeout needs --queue', { field: '--job-timeout' });
  if (flags.queue && flags.maxCost !== undefined)
    throw new ConfigError('usage', '--max-cost cannot be shared by queue workers', { field: '--max-cost' });
  if (!flags.queue) return null;
  if (kind !== 'run' && kind !== 'batch')
    throw new ConfigError('usage', '--queue is for taskeval run and batch', { field: '--queue' });
  return {
    detach: flags.detach === true,
    jobTimeoutSeconds:
      flags.jobTimeout === undefined
        ? DEFAULT_JOB_TIMEOUT_SECONDS
        : parseCount('--job-timeout', flags.jobTimeout, 1, 86_400),
  };
}
