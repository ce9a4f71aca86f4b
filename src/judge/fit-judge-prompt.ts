import type { EvidenceBundle, EvidenceSource } from '../core/index.js';
import { buildJudgePrompt, type JudgePrompt, type JudgePromptInput } from './build-judge-prompt.js';
import { estimateTokens } from './estimate-tokens.js';
import { DEFAULT_JUDGE_MAX_TOKENS } from './judge-answer-json-schema.js';
import { formatEvidenceRecord } from './format-evidence-record.js';

/**
 * Which evidence goes first when a prompt must shrink: what happened around the work before the work itself, and
 * the task record last. Within a group the oldest entries go first (the newest are what the bundle kept over its cap).
 */
export const TRIM_ORDER: readonly EvidenceSource[] = [
  'taskActivity',
  'agentLogs',
  'runAudit',
  'documents',
  'reviews',
  'workflow',
  'commits',
  'taskMetadata',
];

/** Tokens kept free besides the answer: the chat template's own tokens and the estimate's rounding. */
export const CONTEXT_MARGIN_TOKENS = 256;

/** Room an answer needs at least when the cap is the default: three short rationales and their citations. */
export const MIN_ANSWER_TOKENS = 1_024;

export interface FitPromptInput extends JudgePromptInput {
  /** The model's context in tokens; null when unknown (nothing is trimmed). */
  contextTokens: number | null;
  /**
   * The output cap the user chose (`--judge-max-tokens`), which the context must hold whole; absent: the default
   * (DEFAULT_JUDGE_MAX_TOKENS), which shrinks to what the prompt leaves, down to MIN_ANSWER_TOKENS.
   */
  maxTokens?: number | undefined;
}

/** The prompt as it will be sent, its size, and what was left out to fit the context. */
export interface FittedPrompt extends JudgePrompt {
  /** Estimated tokens of system and prompt (estimateTokens: an over-count). */
  estimatedTokens: number;
  contextTokens: number | null;
  /** Evidence entries left out to fit, by group; empty when nothing was. */
  dropped: Partial<Record<EvidenceSource, number>>;
  /** The bundle as shown to the judge (the whole one when nothing was left out). */
  shown: EvidenceBundle;
  /** False when even the task record alone does not fit: the task is not sent. */
  fits: boolean;
  /** The output cap to send: the chosen one, or the default cut to what the context leaves. */
  answerTokens: number;
}

/**
 * Builds the judge prompt and, when the model's context is known and too small, leaves out evidence in TRIM_ORDER
 * until the prompt and the answer's cap fit. Pure: the same inputs give the same prompt.
 */
export function fitJudgePrompt(input: FitPromptInput): FittedPrompt {
  const whole = buildJudgePrompt(input);
  const size = (p: JudgePrompt) => estimateTokens(p.system) + estimateTokens(p.prompt);
  const base = { contextTokens: input.contextTokens, dropped: {}, shown: input.bundle };
  const wholeSize = size(whole);
  const cap = input.maxTokens ?? DEFAULT_JUDGE_MAX_TOKENS;
  if (input.contextTokens === null)
    return { ...whole, ...base, estimatedTokens: wholeSize, fits: true, answerTokens: cap };
  const context = input.contextTokens;
  // vLLM and OpenAI refuse a request whose prompt and max_tokens pass the context: a default cap shrinks to fit.
  const answerFloor = input.maxTokens ?? Math.min(cap, MIN_ANSWER_TOKENS);
  const budget = context - answerFloor - CONTEXT_MARGIN_TOKENS;
  const answerTokens = (promptTokens: number) =>
    Math.max(answerFloor, Math.min(cap, context - promptTokens - CONTEXT_MARGIN_TOKENS));
  if (wholeSize <= budget)
    return { ...whole, ...base, estimatedTokens: wholeSize, fits: true, answerTokens: answerTokens(wholeSize) };

  const keep = new Map(input.bundle.groups.map((g) => [g.source, [...g.entries]]));
  const dropped: Partial<Record<EvidenceSource, number>> = {};
  let fitted = whole;
  let estimatedTokens = wholeSize;
  let shown = input.bundle;
  // Entries are taken out by their estimated size, then the prompt is rebuilt and measured again (its headers change).
  while (estimatedTokens > budget) {
    let over = estimatedTokens - budget;
    let took = false;
    for (const source of TRIM_ORDER) {
      const entries = keep.get(source) ?? [];
      while (over > 0 && entries.length > 0) {
        over -= estimateTokens(`${formatEvidenceRecord(entries.shift()!)}\n`);
        dropped[source] = (dropped[source] ?? 0) + 1;
        took = true;
      }
      if (over <= 0) break;
    }
    if (!took) break;
    shown = { ...input.bundle, groups: input.bundle.groups.map((g) => ({ ...g, entries: keep.get(g.source) ?? [] })) };
    fitted = buildJudgePrompt({ ...input, bundle: shown, dropped });
    estimatedTokens = size(fitted);
  }
  return {
    ...fitted,
    estimatedTokens,
    contextTokens: input.contextTokens,
    dropped,
    shown,
    fits: estimatedTokens <= budget,
    answerTokens: answerTokens(estimatedTokens),
  };
}
