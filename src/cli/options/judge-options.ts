import { Option, type Command } from 'commander';
import { ConfigError } from '../../core/index.js';
import { openJudge, type OpenedJudge } from '../../runs/index.js';
import { JUDGE_PROVIDERS, JudgeSpecSchema, type JudgeConfig, type JudgeSpec } from '../../judge/index.js';
import type { CliIo } from '../cli-io.js';

/** The judge flags as commander gives them (numbers still text). */
export interface JudgeOptionValues {
  judge?: string;
  judgeModel?: string;
  judgeBaseUrl?: string;
  judgeCommand?: string;
  judgeTemperature?: string;
  judgeMaxTokens?: string;
  samples?: string;
  concurrency?: string;
  timeout?: string;
  maxCost?: string;
  /** false with --no-cache. */
  cache?: boolean;
  db?: string;
}

/** Adds the judge flags (and --db when the command has none) to a command. */
export function addJudgeOptions(command: Command): Command {
  command
    .addOption(new Option('--judge <provider>', 'AI judge to ask (default: none, deterministic only; see docs/judge.md)').choices([...JUDGE_PROVIDERS]))
    .option('--judge-model <model>', 'model id for the judge, e.g. gpt-4.1-mini, claude-sonnet-4-5, llama3.1')
    .option('--judge-base-url <url>', 'endpoint root for openai-compatible servers, e.g. http://127.0.0.1:11434/v1')
    .option('--judge-command <line>', 'for --judge command: the program reading the prompt on stdin, e.g. "claude -p"')
    .option('--judge-temperature <t>', 'sampling temperature (default 0)')
    .option('--judge-max-tokens <n>', 'output tokens one judge call may generate (max_tokens; default: the provider\'s): a model that never closes its JSON stops there')
    .option('--samples <n>', 'ask the judge N times and use the median per category (default 1)')
    .option('--concurrency <n>', 'tasks judged at once (default 4)')
    .option('--timeout <seconds>', 'per-call judge timeout (default 120)')
    .option('--max-cost <usd>', 'stop starting judge calls once this many US dollars are spent (needs judge.prices in taskeval.config.json)')
    .option('--no-cache', 'ask the judge again even when the cache holds an answer');
  if (!command.options.some((o) => o.long === '--db')) {
    command.option('--db <path>', 'taskeval database holding the judge cache (default: "db" in taskeval.config.json, else <project>/.taskeval/taskeval.db)');
  }
  return command;
}

/** The spec before a provider is known: without one, scoring is deterministic-only. */
const MaybeJudgeSpec = JudgeSpecSchema.extend({ provider: JudgeSpecSchema.shape.provider.optional() });

const FLAG_OF: Record<string, string> = {
  provider: '--judge',
  model: '--judge-model',
  baseUrl: '--judge-base-url',
  command: '--judge-command',
  temperature: '--judge-temperature',
  maxTokens: '--judge-max-tokens',
  samples: '--samples',
  concurrency: '--concurrency',
  timeoutMs: '--timeout',
};

/**
 * The judge spec: flags over the `judge` config key, the cost limit and cache use; null when no provider is
 * chosen. Problems name the flag or key.
 */
export function resolveJudgeSettings(values: JudgeOptionValues, config: JudgeConfig | undefined): JudgeSpec | null {
  const flags: Record<string, unknown> = {};
  if (values.judge !== undefined) flags.provider = values.judge;
  if (values.judgeModel !== undefined) flags.model = values.judgeModel;
  if (values.judgeBaseUrl !== undefined) flags.baseUrl = values.judgeBaseUrl;
  if (values.judgeCommand !== undefined) flags.command = values.judgeCommand;
  if (values.judgeTemperature !== undefined) flags.temperature = numberFlag('--judge-temperature', values.judgeTemperature);
  if (values.judgeMaxTokens !== undefined) flags.maxTokens = numberFlag('--judge-max-tokens', values.judgeMaxTokens);
  if (values.samples !== undefined) flags.samples = numberFlag('--samples', values.samples);
  if (values.concurrency !== undefined) flags.concurrency = numberFlag('--concurrency', values.concurrency);
  if (values.timeout !== undefined) flags.timeoutMs = Math.round(numberFlag('--timeout', values.timeout) * 1000);
  const maxCost = values.maxCost === undefined ? undefined : numberFlag('--max-cost', values.maxCost);
  const run = { ...(maxCost !== undefined ? { maxCostUsd: maxCost } : {}), useCache: values.cache !== false };
  const parsed = MaybeJudgeSpec.safeParse({ ...(config ?? {}), ...flags, ...run });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = String(issue.path[0] ?? '');
    const where = key in flags ? FLAG_OF[key] ?? key : `judge.${issue.path.join('.')} in the config`;
    throw new ConfigError('usage', `${where}: ${issue.message}`, { field: where, hint: 'See docs/judge.md for every judge flag and key.' });
  }
  const spec = parsed.data;
  if (!spec.provider) {
    const stray = Object.keys(flags).map((k) => FLAG_OF[k]);
    if (stray.length) throw new ConfigError('usage', `${stray.join(', ')} given without --judge`, { field: 'judge', hint: 'Choose a judge with --judge openai|anthropic|openai-compatible|command.' });
    if (maxCost !== undefined) throw new ConfigError('usage', '--max-cost given without --judge', { field: '--max-cost' });
    return null;
  }
  if (maxCost !== undefined && !(spec.model && spec.prices?.[spec.model])) {
    throw new ConfigError('usage', `--max-cost needs a price for ${spec.model ?? 'the judge model'} in judge.prices`, {
      field: '--max-cost',
      hint: 'Add "judge": { "prices": { "<model>": { "inputPerMTok": ..., "outputPerMTok": ... } } } to taskeval.config.json.',
    });
  }
  return { ...spec, provider: spec.provider };
}

/** The judge the flags and config choose, built; null for deterministic-only scoring. */
export function createCliJudge(values: JudgeOptionValues, config: JudgeConfig | undefined, io: CliIo): OpenedJudge | null {
  return openJudge(resolveJudgeSettings(values, config), io.env, { cwd: io.cwd });
}

function numberFlag(flag: string, text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0) {
    throw new ConfigError('usage', `${flag} must be a non-negative number, got "${text}"`, { field: flag });
  }
  return value;
}
