import type { Judge } from '../judge.js';
import { createAiSdkJudge } from './ai-sdk-judge.js';
import type { HttpJudgeOptions } from './create-openai-judge.js';

export interface OpenAICompatibleJudgeOptions extends HttpJudgeOptions {
  baseURL: string;
  /** Whether the server accepts response_format json_schema; without it the JSON is read from the text. */
  structuredOutput?: boolean;
}

/** Any `/v1/chat/completions` endpoint: Ollama, vLLM, llama.cpp server, LM Studio, OpenRouter. */
export function createOpenAICompatibleJudge(options: OpenAICompatibleJudgeOptions): Judge {
  const structured = options.structuredOutput ?? true;
  return createAiSdkJudge({
    provider: 'openai-compatible',
    modelId: options.model,
    model: async () => {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      const provider = createOpenAICompatible({
        name: 'taskeval',
        baseURL: options.baseURL,
        ...(options.apiKey ? { apiKey: options.apiKey } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
        includeUsage: true,
        supportsStructuredOutputs: structured,
      });
      return provider.chatModel(options.model);
    },
    supportsStructuredOutput: structured,
    secrets: options.apiKey ? [options.apiKey] : [],
    providerOptions: { openaiCompatible: { strictJsonSchema: false } },
  });
}
