import type { Command } from 'commander';
import type { CliIo } from './cli-io.js';
import { registerServeCommand } from './commands/serve-command.js';

/** Sets the process exit code a command wants (the highest wins). */
export type SetExitCode = (code: number) => void;

/** Adds every command to the program; one line per command file. */
export function registerCommands(program: Command, io: CliIo, setExitCode: SetExitCode): void {
  void setExitCode;
  registerServeCommand(program, io);
}
