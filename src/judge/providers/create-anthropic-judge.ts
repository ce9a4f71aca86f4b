import type { Judge } from '../judge.js';
import { createAiSdkJudge } from './ai-sdk-judge.js';
import type { HttpJudgeOptions } from './create-openai-judge.js';

/** Anthropic through the messages API; the SDK asks for the JSON schema as output format or a forced tool call. */
export function createAnthropicJudge(options: HttpJudgeOptions): Judge {
  return createAiSdkJudge({
    provider: 'anthropic',
    modelId: options.model,
    model: async () => {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      const anthropic = createAnthropic({
        ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
        ...(options.baseURL ? { baseURL: options.baseURL } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      return anthropic(options.model);
    },
    supportsStructuredOutput: true,
    secrets: options.apiKey ? [options.apiKey] : [],
    ...(options.spec ? { spec: options.spec } : {}),
  });
}
