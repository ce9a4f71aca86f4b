import {
  bundleEntries,
  JudgeError,
  truncateExcerpt,
  type DeterministicAssessment,
  type EvidenceBundle,
  type EvidenceSource,
  type JudgedCategories,
  type ScoreCategory,
} from '../core/index.js';
import type { BackoffOptions } from './backoff.js';
import { withRetryFeedback, type JudgeTaskSummary } from './build-judge-prompt.js';
import { estimateTokens, fewestTokens } from './estimate-tokens.js';
import { fitJudgePrompt } from './fit-judge-prompt.js';
import { combineSamples, type VerifiedSample } from './combine-samples.js';
import { completeWithBackoff } from './complete-with-backoff.js';
import type { CostBudget } from './cost-budget.js';
import { judgeAnswerJsonSchema } from './judge-answer-json-schema.js';
import { judgeCacheKey, type JudgeCache } from './judge-cache.js';
import { JudgeCallError } from './judge-call-error.js';
import { JudgeConfigSchema, type JudgeConfig } from './judge-config.js';
import { costOf, judgePrice } from './judge-cost.js';
import { addUsage, ZERO_USAGE, type Judge, type JudgeUsage } from './judge.js';
import { oversizedAnswer } from './oversized-answer.js';
import { parseJudgeAnswer } from './parse-judge-answer.js';
import { verifyCitations } from './verify-citations.js';

const DEFAULT_SPEC: JudgeConfig = JudgeConfigSchema.parse({});

/** Longest raw answer kept on an error result. */
export const MAX_RAW_ANSWER_LENGTH = 2000;
/** A provider error can carry a whole response body; the stored reason keeps its start. */
export const MAX_REASON_LENGTH = 2000;

export interface JudgeTaskInput {
  judge: Judge;
  task: JudgeTaskSummary;
  bundle: EvidenceBundle;
  assessment: DeterministicAssessment;
  /** How to ask, whole (samples, retries, timeout, sampling, price table); absent: the schema's defaults. */
  spec?: JudgeConfig;
  cache?: JudgeCache;
  signal?: AbortSignal;
  backoff?: BackoffOptions;
  budget?: CostBudget;
  /** The model's context in tokens when known (the spec's, or what the server said); evidence is left out to fit it. */
  contextTokens?: number | null;
  now?: () => Date;
}

/** Who judged, with what and at what cost: the judge's part of a result's provenance. */
export interface JudgeProvenance {
  provider: string;
  model: string;
  promptVersion: string;
  usage: JudgeUsage;
  costUsd: number | null;
  /** Every sample came from the cache. */
  cached: boolean;
  samples: number;
  spread: Record<ScoreCategory, number> | null;
  /** The prompt's estimated size and what was left out to fit the context. */
  prompt: PromptFit;
}

/** What a result records of its prompt's fit (provenance.prompt). */
export interface PromptFit {
  estimatedTokens: number;
  contextTokens: number | null;
  dropped: Partial<Record<EvidenceSource, number>>;
}

/** What this evaluation actually spent (cache hits cost nothing). */
export interface JudgeSpend {
  calls: number;
  cacheHits: number;
  usage: JudgeUsage;
  costUsd: number | null;
}

export type JudgeTaskOutcome =
  | ({ status: 'ok'; judged: JudgedCategories; provenance: JudgeProvenance } & JudgeSpend)
  | ({
      status: 'error';
      reason: string;
      rawAnswer: string | null;
      transient: boolean;
      /** The provider failed (unreachable, refused, timed out), not the answer: what stops a run after a few in a row. */
      providerFailure: boolean;
      provenance: Omit<JudgeProvenance, 'spread' | 'cached'>;
    } & JudgeSpend);

type SampleOutcome =
  | { ok: true; sample: VerifiedSample; usage: JudgeUsage }
  | { ok: false; reason: string; rawAnswer: string | null; transient: boolean; providerFailure?: boolean };

/**
 * Asks the judge about one task: cache first, then calls with backoff on transport failures and
 * up to `maxRetries` re-asks with the validation error fed back. A judge that cannot answer gives
 * an error outcome, never a score. Throws only for cancellation and judge misconfiguration.
 */
export async function judgeTask(input: JudgeTaskInput): Promise<JudgeTaskOutcome> {
  const { judge, bundle, assessment } = input;
  const spec = input.spec ?? DEFAULT_SPEC;
  const sampleCount = Math.max(1, spec.samples);
  const maxRetries = spec.maxRetries;
  const contextTokens = input.contextTokens ?? spec.contextTokens ?? null;
  const fitted = fitJudgePrompt({
    task: input.task,
    assessment,
    bundle,
    contextTokens,
    maxTokens: spec.maxTokens,
  });
  const maxTokens = fitted.answerTokens;
  const { system, prompt, promptVersion } = fitted;
  const fit: PromptFit = { estimatedTokens: fitted.estimatedTokens, contextTokens, dropped: fitted.dropped };
  const spend = { calls: 0, cacheHits: 0, usage: { ...ZERO_USAGE } };
  const price = judgePrice(spec, judge.modelId);
  // Per request: the ids shown are the only citations a constrained decoder can produce.
  const schema = judgeAnswerJsonSchema(bundleEntries(fitted.shown).map((e) => e.id));
  // Below this many prompt tokens counted by the server, it did not read the whole prompt.
  const fewest = fewestTokens(system) + fewestTokens(prompt);
  const base = { provider: judge.provider, model: judge.modelId, promptVersion, samples: sampleCount, prompt: fit };
  if (!fitted.fits) {
    return {
      status: 'error',
      reason: `the prompt needs about ${fitted.estimatedTokens.toLocaleString('en-US')} tokens even with only the task record as evidence, and with the answer's ${maxTokens.toLocaleString('en-US')} that passes the judge's context of ${contextTokens!.toLocaleString('en-US')}: raise the server's context and --judge-context, or lower --judge-max-tokens`,
      rawAnswer: null,
      transient: false,
      providerFailure: false,
      provenance: { ...base, usage: { ...ZERO_USAGE }, costUsd: null },
      calls: 0,
      cacheHits: 0,
      usage: { ...ZERO_USAGE },
      costUsd: null,
    };
  }
  const cost = (usage: JudgeUsage) => (price ? costOf(usage, price) : null);

  const askSample = async (sample: number): Promise<SampleOutcome> => {
    const key = judgeCacheKey({
      bundleDigest: bundle.digest,
      rubricVersion: assessment.rubricVersion,
      promptVersion,
      provider: judge.provider,
      model: judge.modelId,
      spec,
      sample,
      dropped: fitted.dropped,
    });
    const hit = input.cache ? await input.cache.get(key) : null;
    if (hit) {
      const parsed = parseJudgeAnswer(hit.answer);
      const verified = parsed.ok ? verifyCitations(parsed.answer, bundle) : null;
      if (verified && verified.emptyCategories.length === 0) {
        spend.cacheHits += 1;
        return { ok: true, sample: verified, usage: hit.usage };
      }
    }
    let feedback: string | null = null;
    let capped = 0;
    let rawAnswer: string | null = null;
    let usage = { ...ZERO_USAGE };
    for (let attempt = 0; attempt <= maxRetries; attempt++) {
      const asked = feedback ? withRetryFeedback(prompt, feedback) : prompt;
      // The call's worst case (its whole prompt, the answer's whole cap) is held until it settles: no overshoot.
      const worst = price
        ? costOf(
            { inputTokens: estimateTokens(system) + estimateTokens(asked), outputTokens: maxTokens, cachedTokens: 0 },
            price,
          )
        : 0;
      const reservation = input.budget ? input.budget.reserve(worst) : null;
      if (input.budget && !reservation) {
        return {
          ok: false,
          reason: `not judged: the cost limit of $${input.budget.maxUsd} would be passed (spent $${input.budget.spentUsd.toFixed(4)}, $${input.budget.reservedUsd.toFixed(4)} held by calls in flight, this call up to $${worst.toFixed(4)})`,
          rawAnswer,
          transient: true,
        };
      }
      let response;
      try {
        ({ response } = await completeWithBackoff(
          judge,
          {
            system,
            prompt: asked,
            schema,
            maxTokens,
            timeoutMs: spec.timeoutMs,
            ...(input.signal ? { signal: input.signal } : {}),
          },
          input.backoff,
        ));
      } catch (error) {
        reservation?.settle(0);
        if (error instanceof JudgeCallError) {
          // llama.cpp's server and vLLM refuse a prompt over the context with a 400 that says so.
          const context =
            error.status === 400 && /context/i.test(error.message)
              ? `; give the model's context as --judge-context (or judge.contextTokens) and evidence is left out to fit`
              : '';
          return {
            ok: false,
            reason: `${error.message}${context}`,
            rawAnswer,
            transient: error.transient,
            providerFailure: context === '',
          };
        }
        throw error;
      }
      reservation?.settle(cost(response.usage) ?? 0);
      spend.calls += 1;
      usage = addUsage(usage, response.usage);
      spend.usage = addUsage(spend.usage, response.usage);
      if (
        judge.provider === 'openai-compatible' &&
        response.usage.inputTokens > 0 &&
        response.usage.inputTokens < fewest
      ) {
        // Ollama's OpenAI endpoint cuts a prompt to its num_ctx without an error; its count gives it away.
        return {
          ok: false,
          reason: `the server read only ${response.usage.inputTokens.toLocaleString('en-US')} prompt tokens of a prompt of at least ${fewest.toLocaleString('en-US')}: it cut the prompt without saying (Ollama does at its num_ctx); raise the server's context and give it as --judge-context`,
          rawAnswer: null,
          transient: false,
        };
      }
      const oversized = oversizedAnswer(response);
      if (oversized) {
        // Not worth a retry with feedback: a model that answers like this does it again, and each try costs.
        return {
          ok: false,
          reason: `the judge's answer was refused: ${oversized}`,
          rawAnswer: truncateExcerpt(response.text ?? '', MAX_RAW_ANSWER_LENGTH).excerpt,
          transient: false,
        };
      }
      rawAnswer = response.object !== undefined ? JSON.stringify(response.object) : response.text;
      if (response.capped && ++capped > 1) {
        // Twice at the cap: a model that does not close its JSON does it again; a third try only costs.
        return {
          ok: false,
          reason: `the judge's answer stopped at the output cap of ${maxTokens} tokens twice: raise --judge-max-tokens, or use a model that closes its JSON`,
          rawAnswer,
          transient: false,
        };
      }
      const parsed = parseJudgeAnswer(response.object ?? response.text);
      if (!parsed.ok) {
        feedback = response.capped
          ? `the answer was cut at the output cap of ${maxTokens} tokens; answer again, shorter (rationales of a few sentences), and close the JSON`
          : parsed.error;
        continue;
      }
      const verified = verifyCitations(parsed.answer, bundle);
      if (verified.emptyCategories.length > 0) {
        const unknown = verified.citationIssues.map((i) => i.id);
        feedback = `no evidence id from the "## Evidence" section is cited for ${verified.emptyCategories.join(', ')}${unknown.length ? `; these ids do not exist: ${unknown.slice(0, 10).join(', ')}` : ''}`;
        continue;
      }
      await input.cache?.set(key, {
        answer: parsed.answer,
        usage,
        provider: judge.provider,
        model: judge.modelId,
        createdAt: (input.now?.() ?? new Date()).toISOString(),
      });
      return { ok: true, sample: verified, usage };
    }
    return {
      ok: false,
      reason: `the judge gave no valid answer in ${maxRetries + 1} attempts: ${feedback}`,
      rawAnswer,
      transient: false,
    };
  };

  const samples: VerifiedSample[] = [];
  let usage = { ...ZERO_USAGE };
  for (let sample = 0; sample < sampleCount; sample++) {
    if (input.signal?.aborted) throw new JudgeError('cancelled', 'interrupted while judging');
    const outcome = await askSample(sample);
    if (!outcome.ok) {
      const where = sampleCount > 1 ? ` (sample ${sample + 1} of ${sampleCount})` : '';
      return {
        status: 'error',
        reason: truncateExcerpt(`${outcome.reason}${where}`, MAX_REASON_LENGTH).excerpt,
        rawAnswer:
          outcome.rawAnswer === null ? null : truncateExcerpt(outcome.rawAnswer, MAX_RAW_ANSWER_LENGTH).excerpt,
        transient: outcome.transient,
        providerFailure: outcome.providerFailure === true,
        provenance: { ...base, usage: spend.usage, costUsd: cost(spend.usage) },
        ...spend,
        costUsd: cost(spend.usage),
      };
    }
    samples.push(outcome.sample);
    usage = addUsage(usage, outcome.usage);
  }
  const { judged, spread } = combineSamples(samples);
  return {
    status: 'ok',
    judged,
    provenance: { ...base, usage, costUsd: cost(usage), cached: spend.cacheHits === sampleCount, spread },
    ...spend,
    costUsd: cost(spend.usage),
  };
}
