import type { Judge } from '../judge.js';
import { createAiSdkJudge } from './ai-sdk-judge.js';
import { askModelContext } from './ask-model-context.js';
import type { HttpJudgeOptions } from './create-openai-judge.js';

export interface OpenAICompatibleJudgeOptions extends HttpJudgeOptions {
  baseURL: string;
  /** Whether the server accepts response_format json_schema; without it the JSON is read from the text. */
  structuredOutput?: boolean;
}

/** Any `/v1/chat/completions` endpoint: Ollama, vLLM, llama.cpp server, LM Studio, OpenRouter. */
export function createOpenAICompatibleJudge(options: OpenAICompatibleJudgeOptions): Judge {
  const structured = options.structuredOutput ?? true;
  const judge = createAiSdkJudge({
    provider: 'openai-compatible',
    modelId: options.model,
    model: async () => {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      const { baseURL, queryParams, basicAuth } = splitUrl(options.baseURL);
      const provider = createOpenAICompatible({
        name: 'taskeval',
        baseURL,
        ...(queryParams ? { queryParams } : {}),
        ...(basicAuth && !options.apiKey ? { headers: { Authorization: basicAuth } } : {}),
        ...(options.apiKey ? { apiKey: options.apiKey } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
        includeUsage: true,
        supportsStructuredOutputs: structured,
      });
      return provider.chatModel(options.model);
    },
    supportsStructuredOutput: structured,
    secrets: options.apiKey ? [options.apiKey] : [],
    ...(options.spec ? { spec: options.spec } : {}),
    providerOptions: { openaiCompatible: { strictJsonSchema: false } },
  });
  return {
    ...judge,
    modelContext: (signal) => {
      const { baseURL, queryParams, basicAuth } = splitUrl(options.baseURL);
      const authorization = options.apiKey ? `Bearer ${options.apiKey}` : basicAuth;
      return askModelContext({
        baseURL,
        model: options.model,
        headers: authorization ? { Authorization: authorization } : {},
        ...(queryParams ? { queryParams } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(signal ? { signal } : {}),
      });
    },
  };
}

/**
 * The SDK appends /chat/completions to the base URL, and fetch refuses a URL with user:password@: a query
 * (`?api-version=`, `?api-key=`) goes on every call instead, and the userinfo becomes Basic authentication.
 */
function splitUrl(url: string): { baseURL: string; queryParams?: Record<string, string>; basicAuth?: string } {
  const u = new URL(url);
  if (!u.search && !u.username && !u.password) return { baseURL: url };
  const queryParams = u.search ? Object.fromEntries(u.searchParams) : undefined;
  const basicAuth =
    u.username || u.password
      ? `Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64')}`
      : undefined;
  u.search = '';
  u.username = '';
  u.password = '';
  return {
    baseURL: u.toString().replace(/\/$/, ''),
    ...(queryParams ? { queryParams } : {}),
    ...(basicAuth ? { basicAuth } : {}),
  };
}
