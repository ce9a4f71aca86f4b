import {
  buildScoredResult,
  isBug,
  JudgeError,
  TaskSchema,
  taskErrorResult,
  withResultIdentity,
  type ErrorResult,
  type Provenance,
  type TaskResult,
} from '../core/index.js';
import { deriveTaskTitle, type TaskChange } from '../evidence/index.js';
import { judgeTask, type BackoffOptions, type JudgeCache, type PromptFit } from '../judge/index.js';
import {
  deterministicProvenance,
  judgeTaskSummary,
  prepareTask,
  scorePrepared,
  type PreparedTask,
} from './evaluate-task.js';
import type { OpenedJudge } from './open-judge.js';
import type { RunJudgeSpend } from './run-judge-spend.js';
import type { RunTask } from './run-task.js';
import { changeOf } from './with-change.js';

export interface EvaluateRunTaskInput {
  item: RunTask;
  runId: string;
  evaluatedAt: string;
  taskevalVersion: string;
  judge: OpenedJudge | null;
  /** The judge cache; the opened judge's own (a no-op without caching) wins. */
  cache?: JudgeCache;
  backoff?: BackoffOptions;
  signal?: AbortSignal;
  now?: () => Date;
}

/** What this evaluation spent on the judge: tokens for progress, and the whole spend for the run's record. */
export interface EvaluationSpend {
  tokens: number;
  judge?: RunJudgeSpend;
}

/**
 * The one per-task evaluator: bundle and rubric (prepareTask, shared with evaluateTask), then the judge when there is one. A judge that cannot
 * answer gives an error result (transient when it was unreachable); only cancellation throws.
 */
export async function evaluateRunTask(
  input: EvaluateRunTaskInput,
): Promise<{ result: TaskResult; spend: EvaluationSpend }> {
  const { result, spend } = await evaluateOnce(input);
  return { result: withResultIdentity(withHistoryGaps(result, input.item.history?.gaps), input.item.task), spend };
}

/** Marks a result made from an incomplete history with what it lacked. */
function withHistoryGaps(result: TaskResult, gaps: readonly string[] | undefined): TaskResult {
  if (!gaps?.length || result.status === 'skipped' || !result.provenance) return result;
  return { ...result, provenance: { ...result.provenance, historyGaps: [...gaps] } } as TaskResult;
}

async function evaluateOnce(input: EvaluateRunTaskInput): Promise<{ result: TaskResult; spend: EvaluationSpend }> {
  // The judge sees the change itself; the rubric does not need it, so a deterministic run never reads it.
  const change = input.judge ? await changeOf(input.item) : null;
  const prepared = prepareOrError(input, change);
  if (!('bundle' in prepared)) return { result: prepared, spend: { tokens: 0 } };
  return scoreOrJudge(prepared, input);
}

/**
 * Scores a prepared task (bundle and assessment, made now or kept in the store): deterministic-only without a
 * judge, else judged and blended. A judge that cannot answer gives an error result; only cancellation throws.
 */
export async function scoreOrJudge(
  prepared: PreparedTask,
  input: Omit<EvaluateRunTaskInput, 'item' | 'runId'>,
): Promise<{ result: TaskResult; spend: EvaluationSpend }> {
  const { evaluatedAt } = input;
  const { task } = prepared;
  if (!input.judge)
    return { result: scorePrepared(prepared, evaluatedAt, input.taskevalVersion), spend: { tokens: 0 } };
  const { title, bundle, assessment } = prepared;
  const det = deterministicProvenance(bundle.digest, input.taskevalVersion, assessment.rubricVersion);
  const opened = input.judge;
  const cache = opened.cache ?? input.cache;
  const outcome = await judgeTask({
    judge: opened.judge,
    spec: opened.spec,
    budget: opened.budget,
    ...(opened.contextTokens !== undefined ? { contextTokens: opened.contextTokens } : {}),
    task: judgeTaskSummary(prepared),
    bundle,
    assessment,
    ...(input.backoff ? { backoff: input.backoff } : {}),
    ...(cache ? { cache } : {}),
    ...(input.signal ? { signal: input.signal } : {}),
    ...(input.now ? { now: input.now } : {}),
  });
  opened.health.record(
    outcome.status === 'error'
      ? { providerFailure: outcome.providerFailure, reason: outcome.reason }
      : { providerFailure: false },
  );
  const tokens = outcome.usage.inputTokens + outcome.usage.outputTokens;
  const judgeSpend = {
    calls: outcome.calls,
    cacheHits: outcome.cacheHits,
    usage: outcome.usage,
    costUsd: outcome.costUsd,
  };
  if (input.signal?.aborted) throw new JudgeError('cancelled', `interrupted while judging ${task.id}`);
  const provenance = (
    p: {
      provider: string;
      model: string;
      promptVersion: string;
      usage: Provenance['usage'];
      costUsd: number | null;
      samples: number;
      prompt: PromptFit;
    },
    extra: Partial<Provenance>,
  ): Provenance => ({
    ...det,
    provider: p.provider,
    model: p.model,
    promptVersion: p.promptVersion,
    rubricVersion: assessment.rubricVersion,
    usage: p.usage,
    costUsd: p.costUsd,
    samples: p.samples,
    prompt: { ...p.prompt, dropped: { ...p.prompt.dropped } },
    ...extra,
  });
  if (outcome.status === 'error') {
    return {
      result: taskErrorResult({
        taskId: task.id,
        title,
        evaluatedAt,
        reason: outcome.reason,
        transient: outcome.transient,
        rawAnswer: outcome.rawAnswer,
        evidenceBundle: bundle,
        signals: assessment,
        provenance: provenance(outcome.provenance, {}),
      }),
      spend: { tokens, judge: judgeSpend },
    };
  }
  const judgedProvenance = provenance(outcome.provenance, {
    cached: outcome.provenance.cached,
    spread: outcome.provenance.spread,
  });
  return {
    result: buildScoredResult({
      taskId: task.id,
      title,
      bundle,
      assessment,
      provenance: judgedProvenance,
      judged: outcome.judged,
      evaluatedAt,
    }),
    spend: { tokens, judge: judgeSpend },
  };
}

function prepareOrError(
  input: Pick<EvaluateRunTaskInput, 'item' | 'runId' | 'evaluatedAt'>,
  change: TaskChange | null = null,
): PreparedTask | ErrorResult {
  const { item } = input;
  try {
    return prepareTask({
      task: item.task,
      runId: input.runId,
      ...(change ? { change } : {}),
      ...(item.commits ? { commits: item.commits } : {}),
      ...(item.history ? { history: item.history } : {}),
    });
  } catch (error) {
    // A TypeError on a task that is not a valid record is the record's fault (a library caller or a queued job
    // handed it in unchecked); on a valid one it is a bug in taskeval, which stops the run (exit 70), never a task's result.
    if (isBug(error)) {
      const check = TaskSchema.safeParse(item.task);
      if (check.success) throw error;
      const issue = check.error.issues[0]!;
      return unreadableTaskResult(
        item.task,
        input.evaluatedAt,
        `could not score this task: ${issue.path.join('.') || 'task'}: ${issue.message}`,
      );
    }
    return unreadableTaskResult(item.task, input.evaluatedAt, `could not score this task: ${(error as Error).message}`);
  }
}

/** The error result of a task that could not be evaluated (not transient: trying again would not help). */
export function unreadableTaskResult(
  task: EvaluateRunTaskInput['item']['task'],
  evaluatedAt: string,
  reason: string,
): ErrorResult {
  return taskErrorResult({ taskId: task.id, title: safeTitle(task), evaluatedAt, reason, transient: false });
}

/** The title for an error result; a task too broken to title has none. */
function safeTitle(task: EvaluateRunTaskInput['item']['task']): string | null {
  try {
    return deriveTaskTitle(task);
  } catch {
    return typeof task.title === 'string' ? task.title : null;
  }
}
