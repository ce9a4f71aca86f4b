import type { Command } from 'commander';
import { EXIT } from '../exit-codes.js';
import type { CliIo } from '../cli-io.js';
import { addConfigOption, addSourceOptions, loadCliConfig, loadSourceTasks, type SourceOptionValues } from '../options/source-options.js';
import { renderScoreTable, useColour } from '../render/index.js';
import { ephemeralRunId, scoreTasks } from './score-tasks.js';

interface ScoreOptions extends SourceOptionValues {
  json?: boolean;
}

const HELP_AFTER = `
With no judge configured every task is scored deterministic-only: each category's final score equals its
deterministic score (no AI score is invented), and the output says "deterministic only".

Examples:
  taskeval score --tasks tasks.jsonl
  taskeval score --tasks tasks.json --json > results.json
  taskeval score --tasks tasks.jsonl --strict`;

/** `taskeval score`: scores task records and prints the scorecard (or JSON); nothing is stored. */
export function registerScoreCommand(program: Command, io: CliIo, setExitCode: (code: number) => void): void {
  const command = program
    .command('score')
    .description('score task records deterministic-only and print the scorecard (nothing is stored)')
    .option('--json', 'print an array of results as JSON instead of the table');
  addConfigOption(addSourceOptions(command))
    .addHelpText('after', HELP_AFTER)
    .action(async (options: ScoreOptions) => {
      await loadCliConfig(options, io);
      const { tasks } = await loadSourceTasks(options, io);
      const now = new Date();
      const results = scoreTasks({ tasks, runId: ephemeralRunId('score', now), evaluatedAt: now.toISOString() });
      io.stdout(options.json ? `${JSON.stringify(results, null, 2)}\n` : renderScoreTable(results, { colour: useColour(io.isTTY, io.env) }));
      if (results.some((r) => r.status === 'error')) setExitCode(EXIT.notEvaluated);
    });
}
