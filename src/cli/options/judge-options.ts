import { Option, type Command } from 'commander';
import type { JudgeFlagValues } from '../../runs/index.js';
import { JUDGE_PROVIDERS } from '../../judge/index.js';

/** The judge flags as commander gives them (numbers still text). */
export type JudgeOptionValues = JudgeFlagValues;

/** Adds the judge flags (and --db when the command has none) to a command. */
export function addJudgeOptions(command: Command): Command {
  command
    .addOption(
      new Option(
        '--judge <provider>',
        'AI judge to ask (default: none, deterministic only; see docs/judge.md)',
      ).choices([...JUDGE_PROVIDERS]),
    )
    .option('--judge-model <model>', 'model id for the judge, e.g. gpt-4.1-mini, claude-sonnet-4-5, llama3.1')
    .option('--judge-base-url <url>', 'endpoint root for openai-compatible servers, e.g. http://127.0.0.1:11434/v1')
    .option('--judge-command <line>', 'for --judge command: the program reading the prompt on stdin, e.g. "claude -p"')
    .option('--judge-temperature <t>', 'sampling temperature (default 0)')
    .option(
      '--judge-max-tokens <n>',
      'output tokens one judge call may generate (max_tokens; default: the largest answer the schema allows, 5,514): a model that never closes its JSON stops there',
    )
    .option(
      '--judge-context <tokens>',
      "the model's context in tokens (prompt and answer); evidence is left out, in a stated order, to fit it (default: asked of a local server, else unknown)",
    )
    .option('--samples <n>', 'ask the judge N times and use the median per category (default 1)')
    .option('--concurrency <n>', 'tasks judged at once (default 4; 1 for a judge on this machine)')
    .option('--timeout <seconds>', 'per-call judge timeout (default 120)')
    .option(
      '--max-cost <usd>',
      'stop starting judge calls once this many US dollars are spent (needs judge.prices in taskeval.config.json)',
    )
    .option('--no-cache', 'ask the judge again even when the cache holds an answer')
    .option(
      '--no-probe',
      'skip the one tiny judge call made before the first task to check address, key and model (e.g. offline, everything cached)',
    );
  if (!command.options.some((o) => o.long === '--db')) {
    command.option(
      '--db <path>',
      'taskeval database holding the judge cache (default: "db" in taskeval.config.json, else <project>/.taskeval/taskeval.db)',
    );
  }
  return command;
}
