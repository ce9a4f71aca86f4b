import type { LanguageModel, LanguageModelUsage } from 'ai';
import { JudgeError } from '../../core/index.js';
import { isRetryableStatus, JudgeCallError, parseRetryAfter } from '../judge-call-error.js';
import type { JudgeConfig } from '../judge-config.js';
import type { Judge, JudgeRequest, JudgeResponse, JudgeUsage } from '../judge.js';
import { redactSecrets } from '../redact-secrets.js';

export interface AiSdkJudgeOptions {
  provider: string;
  modelId: string;
  /** The SDK model, made on the first call: importing taskeval does not load the AI SDK. */
  model: () => Promise<LanguageModel>;
  supportsStructuredOutput: boolean;
  /** Values to scrub from every error message (the API key). */
  secrets?: readonly string[];
  providerOptions?: Record<string, Record<string, string | number | boolean | null>>;
  /** How the judge is asked (sampling, output cap); absent: the schema's defaults. */
  spec?: Pick<JudgeConfig, 'temperature' | 'maxTokens'>;
}

// The SDK would print its warnings to the console; commands write only through CliIo.
(globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS ??= false;

/** A Judge over any AI SDK language model; the SDK's own retries are off so ours can honour Retry-After. */
export function createAiSdkJudge(options: AiSdkJudgeOptions): Judge {
  const secrets = options.secrets ?? [];
  let model: Promise<LanguageModel> | undefined;
  return {
    specificationVersion: 'v1',
    provider: options.provider,
    modelId: options.modelId,
    supportsStructuredOutput: options.supportsStructuredOutput,
    async complete(request: JudgeRequest): Promise<JudgeResponse> {
      const timeout = AbortSignal.timeout(request.timeoutMs);
      const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
      const { generateText, jsonSchema, NoObjectGeneratedError, Output, APICallError } = await import('ai');
      try {
        const result = await generateText({
          model: await (model ??= options.model()),
          system: request.system,
          prompt: request.prompt,
          temperature: options.spec?.temperature ?? 0,
          ...((request.maxTokens ?? options.spec?.maxTokens) !== undefined
            ? { maxOutputTokens: request.maxTokens ?? options.spec?.maxTokens }
            : {}),
          maxRetries: 0,
          abortSignal: signal,
          ...(options.supportsStructuredOutput
            ? {
                output: Output.object({
                  schema: jsonSchema(request.schema),
                  name: 'judge_answer',
                  description: 'Scores, rationales and cited evidence ids',
                }),
              }
            : {}),
          ...(options.providerOptions ? { providerOptions: options.providerOptions } : {}),
        });
        let object: unknown;
        if (options.supportsStructuredOutput) {
          try {
            object = result.output;
          } catch {
            object = undefined;
          }
        }
        return {
          text: result.text,
          ...(object !== undefined ? { object } : {}),
          usage: toJudgeUsage(result.usage),
          ...(result.finishReason === 'length' ? { capped: true } : {}),
        };
      } catch (error) {
        // The model answered but not with parseable JSON: a malformed answer, validated (and retried) upstream.
        if (NoObjectGeneratedError.isInstance(error))
          return {
            text: error.text ?? '',
            usage: toJudgeUsage(error.usage),
            ...(error.finishReason === 'length' ? { capped: true } : {}),
          };
        if (request.signal?.aborted) throw new JudgeError('cancelled', `${options.provider} call interrupted`);
        if (timeout.aborted) {
          throw new JudgeCallError(
            `${options.provider} did not answer within ${Math.round(request.timeoutMs / 1000)} s`,
            { retryable: true, transient: true, timedOut: true },
          );
        }
        throw toJudgeCallError(error, options.provider, secrets, APICallError.isInstance.bind(APICallError));
      }
    },
  };
}

/** Maps the SDK's usage to ours; unknown counts are zero. */
export function toJudgeUsage(usage: LanguageModelUsage | undefined): JudgeUsage {
  return {
    inputTokens: usage?.inputTokens ?? 0,
    outputTokens: usage?.outputTokens ?? 0,
    cachedTokens: usage?.inputTokenDetails?.cacheReadTokens ?? 0,
  };
}

/** Turns an SDK or fetch failure into a JudgeCallError with a secret-free message. */
export function toJudgeCallError(
  error: unknown,
  provider: string,
  secrets: readonly string[],
  isApiCallError: (e: unknown) => e is import('ai').APICallError,
): JudgeCallError {
  const clean = (text: string) => redactSecrets(text, secrets);
  if (isApiCallError(error)) {
    const status = error.statusCode;
    const body = typeof error.responseBody === 'string' ? ` ${error.responseBody.slice(0, 300)}` : '';
    const retryAfterMs = parseRetryAfter(error.responseHeaders);
    const auth = status === 401 || status === 403;
    // A 2xx the SDK could not read (cut-off or garbled body) is a transport failure worth retrying.
    const retryable = status === undefined ? error.isRetryable : status < 300 || isRetryableStatus(status);
    return new JudgeCallError(
      clean(`${provider} answered ${status ? `HTTP ${status}` : 'with an error'}: ${error.message}${body}`),
      {
        retryable,
        transient: status === undefined || retryable,
        ...(status !== undefined ? { status } : {}),
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
        ...(auth ? { hint: 'Check the API key in the environment variable named in docs/judge.md.' } : {}),
      },
    );
  }
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  // Lost connections, truncated bodies and unreadable responses are worth another attempt.
  return new JudgeCallError(clean(`${provider} call failed: ${message}`), { retryable: true, transient: true });
}
