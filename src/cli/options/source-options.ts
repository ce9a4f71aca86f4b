import type { Command } from 'commander';
import { ConfigError, SourceError, type Task } from '../../core/index.js';
import { loadConfig, type TaskevalConfig } from '../../runs/index.js';
import type { SourceProblem } from '../../sources/source-read-result.js';
import { formatSourceProblem, readTaskFile } from '../../sources/files/index.js';
import type { CliIo } from '../cli-io.js';

/** Flags that say where tasks come from; each source adds its own here and a branch in loadSourceTasks. */
export interface SourceOptionValues {
  tasks?: string;
  strict?: boolean;
  config?: string;
}

/** Adds the task-source flags to a command. */
export function addSourceOptions(command: Command): Command {
  return command
    .option('--tasks <file>', 'task records to score: a .json file (one task or an array) or .jsonl (one task per line); see `taskeval schema task`')
    .option('--strict', 'fail (exit 3) on the first invalid task record instead of reporting it and scoring the valid ones');
}

/** Adds --config, for commands that read taskeval.config.json. */
export function addConfigOption(command: Command): Command {
  return command.option('--config <path>', 'configuration file (default: taskeval.config.json in the current directory, when present)');
}

/** Tasks from the selected source, plus what could not be read. */
export interface LoadedTasks {
  tasks: Task[];
  problems: SourceProblem[];
  /** Where the tasks came from, for messages. */
  origin: string;
}

/** Reads the config named by --config (or the default file); a bad one is a ConfigError (exit 2). */
export async function loadCliConfig(options: Pick<SourceOptionValues, 'config'>, io: CliIo): Promise<TaskevalConfig> {
  return (await loadConfig(io.cwd, options.config)).config;
}

/** Reads tasks from the source the flags select; prints problems as warnings; no valid task at all is an error (exit 3). */
export async function loadSourceTasks(options: SourceOptionValues, io: CliIo): Promise<LoadedTasks> {
  const loaded = await readSelectedSource(options, io);
  reportSourceProblems(loaded.problems, io);
  if (loaded.tasks.length === 0) {
    const why = loaded.problems.length ? `${loaded.problems.length} invalid record(s), see the warnings above` : 'it holds no task records';
    throw new SourceError('source_invalid', `no valid task in ${loaded.origin}: ${why}`, {
      field: 'tasks',
      hint: 'Fix the records (run `taskeval schema task` for the format, docs/task-format.md for an example) and run again.',
    });
  }
  return loaded;
}

async function readSelectedSource(options: SourceOptionValues, io: CliIo): Promise<LoadedTasks> {
  if (options.tasks !== undefined) {
    const result = await readTaskFile(options.tasks, { cwd: io.cwd, strict: options.strict ?? false });
    return { tasks: result.tasks, problems: result.problems, origin: options.tasks };
  }
  throw new ConfigError('usage', 'no task source given', {
    field: 'tasks',
    hint: 'Name the task records with --tasks FILE (.json or .jsonl), or try `taskeval demo` to see a scorecard first.',
  });
}

/** Writes each source problem to stderr as a warning line. */
export function reportSourceProblems(problems: readonly SourceProblem[], io: CliIo): void {
  for (const problem of problems) io.stderr(`warning: skipped invalid record: ${formatSourceProblem(problem)}\n`);
  if (problems.length) io.stderr(`warning: ${problems.length} problem(s) in the task records; use --strict to make them fatal\n`);
}
