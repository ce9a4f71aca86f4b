import { ConfigError, JudgeError, urlSecrets } from '../core/index.js';
import type { JudgeConfig, JudgeProviderName, JudgeSpec } from './judge-config.js';
import type { Judge, JudgeRequest } from './judge.js';
import { redactJudge } from './redact-judge.js';
import {
  createAnthropicJudge,
  createCommandJudge,
  createOpenAICompatibleJudge,
  createOpenAIJudge,
  parseCommandLine,
} from './providers/index.js';

/** The judge settings once flags and config are merged: a provider is chosen (the judge spec). */
export type JudgeSettings = JudgeSpec;

export interface CreateJudgeOptions {
  fetch?: typeof globalThis.fetch;
  cwd?: string;
}

/** The variable holding the key for each HTTP provider; TASKEVAL_JUDGE_API_KEY wins over it when set. */
export const API_KEY_VARIABLES: Readonly<Record<'openai' | 'anthropic' | 'openai-compatible', string>> = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  'openai-compatible': 'TASKEVAL_JUDGE_API_KEY',
};

/**
 * Makes the configured judge. Settings are checked now; the API key is read only on the first
 * call, so a missing key fails there, naming the variable, and never appears in any message.
 */
export function createJudge(
  settings: JudgeConfig & { provider: JudgeProviderName },
  env: NodeJS.ProcessEnv,
  options: CreateJudgeOptions = {},
): Judge {
  if (settings.provider === 'command') {
    if (settings.command === undefined) {
      throw new ConfigError('judge_config', 'the command judge needs a command line', {
        field: 'judge.command',
        hint: 'Give --judge-command "claude -p" or judge.command in taskeval.config.json.',
      });
    }
    const command = typeof settings.command === 'string' ? parseCommandLine(settings.command) : settings.command;
    return createCommandJudge({
      command,
      ...(settings.model ? { model: settings.model } : {}),
      env,
      ...(settings.commandEnv ? { passEnv: settings.commandEnv } : {}),
      ...(options.cwd ? { cwd: options.cwd } : {}),
    });
  }
  const provider = settings.provider;
  const model = settings.model;
  if (!model) {
    throw new ConfigError('judge_config', `the ${provider} judge needs a model`, {
      field: 'judge.model',
      hint: 'Give --judge-model (e.g. gpt-4.1-mini, claude-sonnet-4-5, llama3.1) or judge.model in the config.',
    });
  }
  const baseURL = settings.baseUrl;
  if (provider === 'openai-compatible' && !baseURL) {
    throw new ConfigError('judge_config', 'the openai-compatible judge needs a base URL', {
      field: 'judge.baseUrl',
      hint: 'Give --judge-base-url http://127.0.0.1:11434/v1 (the part before /chat/completions).',
    });
  }
  const make = (): Judge => {
    const apiKey = env.TASKEVAL_JUDGE_API_KEY || env[API_KEY_VARIABLES[provider]] || undefined;
    const common = {
      model,
      spec: settings,
      ...(apiKey ? { apiKey } : {}),
      ...(baseURL ? { baseURL } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    };
    if (provider === 'openai-compatible') {
      return createOpenAICompatibleJudge({
        ...common,
        baseURL: baseURL!,
        ...(settings.structuredOutput !== undefined ? { structuredOutput: settings.structuredOutput } : {}),
      });
    }
    if (!apiKey) {
      throw new JudgeError(
        'judge_config',
        `the ${provider} judge needs an API key: set ${API_KEY_VARIABLES[provider]} (or TASKEVAL_JUDGE_API_KEY) in the environment`,
        {
          field: API_KEY_VARIABLES[provider],
          hint: 'Keys are read only from the environment, never from flags or the config file.',
        },
      );
    }
    return provider === 'openai' ? createOpenAIJudge(common) : createAnthropicJudge(common);
  };
  let inner: Judge | undefined;
  const secrets = () => [env.TASKEVAL_JUDGE_API_KEY, env[API_KEY_VARIABLES[provider]], ...urlSecrets(baseURL)];
  return redactJudge(
    {
      specificationVersion: 'v1',
      provider,
      modelId: model,
      supportsStructuredOutput: provider !== 'openai-compatible' || settings.structuredOutput !== false,
      async complete(request: JudgeRequest) {
        inner ??= make();
        return inner.complete(request);
      },
      async modelContext(signal?: AbortSignal) {
        inner ??= make();
        return inner.modelContext ? inner.modelContext(signal) : { contextTokens: null, source: null };
      },
    },
    secrets,
  );
}
