import type { Command } from 'commander';
import { StoreError } from '../../core/index.js';
import type { PromptPreview } from '../../runs/index.js';
import type { CliIo } from '../cli-io.js';
import { addJudgeOptions, type JudgeOptionValues } from '../options/judge-options.js';
import { addConfigOption, addSourceOptions, type SourceOptionValues } from '../options/source-options.js';
import { evaluateFromCli } from './cli-evaluation.js';

interface PromptOptions extends SourceOptionValues, JudgeOptionValues {
  json?: boolean;
}

/** `taskeval prompt TASK`: the judge prompt of one task, whole, as a judged run would send it; nothing is sent. */
export function registerPromptCommand(program: Command, io: CliIo): void {
  const command = program
    .command('prompt')
    .description("print one task's judge prompt (system and user parts) exactly as it would be sent; nothing is sent")
    .argument('<task>', 'the task id (its source is chosen with --project, --tasks, ... as for score)')
    .option('--json', 'print { taskId, system, prompt, estimatedTokens, contextTokens, answerTokens, dropped, fits }');
  addJudgeOptions(addConfigOption(addSourceOptions(command)))
    .addHelpText(
      'after',
      "\nThe prompt is fitted to the model's context as a run fits it: give --judge-context N (or judge.contextTokens)\nto see what would be left out. The size is an estimate (bytes / 3, an over-count); see docs/judge.md.\n\nExamples:\n  taskeval prompt FN-12 --project .\n  taskeval prompt FN-12 --tasks tasks.jsonl --judge openai-compatible --judge-context 4096 --json",
    )
    .action(async (taskId: string, options: PromptOptions) => {
      let found: PromptPreview | null = null;
      await evaluateFromCli(
        'score',
        { ...options, task: [taskId], column: options.column ?? 'all', dryRun: true },
        io,
        { onPrompt: (p) => void (found ??= p) },
        async () => undefined,
      );
      if (!found) {
        throw new StoreError('not_found', `no task ${taskId} in the source`, {
          field: 'task',
          hint: 'Check the id and the source flags (--project, --tasks, ...); `taskeval score --dry-run` lists every task.',
        });
      }
      const p: PromptPreview = found;
      if (options.json) return void io.stdout(`${JSON.stringify(p, null, 2)}\n`);
      const context =
        p.contextTokens === null ? 'context unknown' : `context ${p.contextTokens.toLocaleString('en-US')}`;
      io.stdout(
        `--- system ---\n${p.system}\n\n--- prompt: about ${p.estimatedTokens.toLocaleString('en-US')} tokens with the system part, ${context}, answer cap ${p.answerTokens.toLocaleString('en-US')} ---\n${p.prompt}\n`,
      );
    });
}
