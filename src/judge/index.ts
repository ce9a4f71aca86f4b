export {
  JudgeConfigSchema,
  JudgeSpecSchema,
  ModelPriceSchema,
  JUDGE_PROVIDERS,
  type JudgeConfig,
  type JudgeProviderName,
  type JudgeSpec,
  type ModelPrice,
} from './judge-config.js';
export { ZERO_USAGE, addUsage, type Judge, type JudgeRequest, type JudgeResponse, type JudgeUsage } from './judge.js';
export { JudgeCallError, isRetryableStatus, parseRetryAfter, type JudgeCallErrorOptions } from './judge-call-error.js';
export { redactSecrets } from './redact-secrets.js';
export { JUDGE_ANSWER_SCHEMA, JUDGE_ANSWER_JSON_SCHEMA, type JudgeAnswer } from './judge-answer-schema.js';
export {
  ANSWER_BOUNDS,
  answerTokenBound,
  DEFAULT_JUDGE_MAX_TOKENS,
  judgeAnswerJsonSchema,
} from './judge-answer-json-schema.js';
export { parseJudgeAnswer, type ParsedJudgeAnswer } from './parse-judge-answer.js';
export { verifyCitations, type VerifiedCitations } from './verify-citations.js';
export {
  formatEvidenceRecord,
  escapeBlock,
  escapeInline,
  escapeDelimiters,
  RECORD_OPEN,
  RECORD_CLOSE,
} from './format-evidence-record.js';
export { PROMPT_VERSION, JUDGE_SYSTEM_PROMPT } from './judge-prompt-template.js';
export {
  buildJudgePrompt,
  withRetryFeedback,
  type JudgePrompt,
  type JudgePromptInput,
  type JudgeTaskSummary,
} from './build-judge-prompt.js';
export {
  judgeCacheKey,
  createMemoryJudgeCache,
  type CachedJudgeCall,
  type JudgeCache,
  type JudgeCacheKeyParts,
} from './judge-cache.js';
export { costOf, judgePrice } from './judge-cost.js';
export { createCostBudget, type CostBudget } from './cost-budget.js';
export { backoffDelay, sleep, DEFAULT_BACKOFF, type BackoffOptions } from './backoff.js';
export { completeWithBackoff, type BackoffOutcome } from './complete-with-backoff.js';
export { medianScore } from './median-score.js';
export { combineSamples, type VerifiedSample } from './combine-samples.js';
export {
  judgeTask,
  MAX_RAW_ANSWER_LENGTH,
  type JudgeTaskInput,
  type JudgeTaskOutcome,
  type JudgeProvenance,
  type PromptFit,
  type JudgeSpend,
} from './judge-task.js';
export { createJudge, API_KEY_VARIABLES, type JudgeSettings, type CreateJudgeOptions } from './create-judge.js';
export {
  type AiSdkJudgeOptions,
  type CommandJudgeOptions,
  createAiSdkJudge,
  createAnthropicJudge,
  createCommandJudge,
  createOpenAICompatibleJudge,
  createOpenAIJudge,
  type HttpJudgeOptions,
  type OpenAICompatibleJudgeOptions,
  parseCommandLine,
  preloadJudgeSdk,
  toJudgeCallError,
  toJudgeUsage,
} from './providers/index.js';
export { meterJudge, type JudgeMeter, type JudgeTotals } from './judge-meter.js';
export { probeJudge, PROBE_SYSTEM_PROMPT, type JudgeProbe } from './probe-judge.js';
export {
  fitJudgePrompt,
  TRIM_ORDER,
  CONTEXT_MARGIN_TOKENS,
  type FittedPrompt,
  type FitPromptInput,
} from './fit-judge-prompt.js';
export {
  BYTES_PER_TOKEN_LOWER_BOUND,
  BYTES_PER_TOKEN_UPPER_BOUND,
  estimateTokens,
  fewestTokens,
} from './estimate-tokens.js';
