import type { Command } from 'commander';
import type { CliIo } from './cli-io.js';
import type { SetExitCode } from './set-exit-code.js';
import { commandNamed, COMMANDS, registerListing } from './command-table.js';

export type { SetExitCode } from './set-exit-code.js';

/**
 * Adds the command argv names, loading only its module; with none (`--help`, a typo), lists every command
 * from the table without loading any, so the help and "did you mean" cost no more than commander.
 */
export async function registerCommands(
  program: Command,
  io: CliIo,
  setExitCode: SetExitCode,
  argv: readonly string[],
): Promise<void> {
  const wanted = commandNamed(argv);
  if (wanted) {
    (await wanted.load())(program, io, setExitCode);
    return;
  }
  for (const entry of COMMANDS) registerListing(program, entry);
}

/** Every command fully registered, for tests that compare the listing with the commands themselves. */
export async function registerAllCommands(program: Command, io: CliIo, setExitCode: SetExitCode): Promise<void> {
  for (const entry of COMMANDS) (await entry.load())(program, io, setExitCode);
}
