/** Tokens one judge call used, as the provider reported them (zero when it reports nothing). */
export interface JudgeUsage {
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
}

/** One question to a judge. `schema` is the JSON schema of the answer, sent when the provider supports it. */
export interface JudgeRequest {
  system: string;
  prompt: string;
  schema: Record<string, unknown>;
  /** Output tokens the answer may take (max_tokens); absent: the provider's default. */
  maxTokens?: number;
  signal?: AbortSignal;
  timeoutMs: number;
}

/** What came back: the raw text, the parsed object when structured output produced one, and usage. */
export interface JudgeResponse {
  text: string;
  object?: unknown;
  usage: JudgeUsage;
  /** The model stopped at the output cap (finish reason `length`): the answer is cut. */
  capped?: boolean;
}

/**
 * The provider spec every judge adapter implements; small and versioned so vendors stay adapters.
 * `complete` throws JudgeCallError for transport failures; it never validates the answer.
 */
export interface Judge {
  readonly specificationVersion: 'v1';
  readonly provider: string;
  readonly modelId: string;
  readonly supportsStructuredOutput: boolean;
  complete(request: JudgeRequest): Promise<JudgeResponse>;
  /** The model's context as the server says it (local servers); absent when the provider cannot tell. */
  modelContext?(signal?: AbortSignal): Promise<ModelContext>;
}

/** What a server said of the model's context, and where the figure came from. */
export interface ModelContext {
  contextTokens: number | null;
  source: string | null;
}

export const ZERO_USAGE: Readonly<JudgeUsage> = Object.freeze({ inputTokens: 0, outputTokens: 0, cachedTokens: 0 });

/** Adds token counts. */
export function addUsage(a: JudgeUsage, b: JudgeUsage): JudgeUsage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cachedTokens: a.cachedTokens + b.cachedTokens,
  };
}
