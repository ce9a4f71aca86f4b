import type { Command } from 'commander';
import type { CliIo } from './cli-io.js';
import { registerDemoCommand } from './commands/demo-command.js';
import { registerSchemaCommand } from './commands/schema-command.js';
import { registerScoreCommand } from './commands/score-command.js';
import { registerServeCommand } from './commands/serve-command.js';

/** Sets the process exit code a command wants (the highest wins). */
export type SetExitCode = (code: number) => void;

/** Adds every command to the program; one line per command file. */
export function registerCommands(program: Command, io: CliIo, setExitCode: SetExitCode): void {
  registerScoreCommand(program, io, setExitCode);
  registerDemoCommand(program, io, setExitCode);
  registerSchemaCommand(program, io);
  registerServeCommand(program, io);
}
