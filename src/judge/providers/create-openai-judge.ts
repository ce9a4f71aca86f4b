import type { Judge } from '../judge.js';
import { createAiSdkJudge, type AiSdkJudgeOptions } from './ai-sdk-judge.js';

export interface HttpJudgeOptions {
  model: string;
  apiKey?: string;
  baseURL?: string;
  /** Injected in tests; defaults to the global fetch. */
  fetch?: typeof globalThis.fetch;
  /** How the judge is asked (sampling, output cap), passed to every call. */
  spec?: AiSdkJudgeOptions['spec'];
}

/** OpenAI through its chat completions API, with a JSON schema response format. */
export function createOpenAIJudge(options: HttpJudgeOptions): Judge {
  return createAiSdkJudge({
    provider: 'openai',
    modelId: options.model,
    model: async () => {
      const { createOpenAI } = await import('@ai-sdk/openai');
      const openai = createOpenAI({
        ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
        ...(options.baseURL ? { baseURL: options.baseURL } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      return openai.chat(options.model);
    },
    supportsStructuredOutput: true,
    secrets: options.apiKey ? [options.apiKey] : [],
    ...(options.spec ? { spec: options.spec } : {}),
    // Non-strict schema mode: strict mode would reject the optional followUpDrafts.
    providerOptions: { openai: { strictJsonSchema: false } },
  });
}
