import { Command, CommanderError } from 'commander';
import { isTaskevalError } from '../core/errors/index.js';
import type { CliIo } from './cli-io.js';
import { EXIT, exitCodeFor } from './exit-codes.js';
import { terminalSafe } from './render/terminal-safe.js';
import { registerCommands } from './register-commands.js';
import { TASKEVAL_VERSION } from './version.js';

/** Result of one CLI invocation; commands return their exit code, errors are mapped here once. */
export async function runCli(argv: readonly string[], given: CliIo): Promise<number> {
  // --no-color and --color work anywhere on the line, for every command: they set what NO_COLOR and FORCE_COLOR say.
  const io = colourFlags(argv, given);
  argv = argv.filter((a) => a !== '--no-color' && a !== '--color');
  const program = new Command('taskeval')
    .description('Score the work AI coding agents finish: evidence, deterministic rubric, cited LLM judge.')
    .version(TASKEVAL_VERSION)
    .option('--no-color', 'no colour in any output (as NO_COLOR=1 does); --color or FORCE_COLOR=1 forces it')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError('(run with --help for usage)');
  let exitCode: number = EXIT.ok;
  try {
    await registerCommands(
      program,
      io,
      (code) => {
        exitCode = Math.max(exitCode, code);
      },
      argv,
    );
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version exit through here with code 0.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    io.stderr(terminalSafe(formatError(error)));
    return exitCodeFor(error);
  }
}

function colourFlags(argv: readonly string[], io: CliIo): CliIo {
  if (argv.includes('--no-color')) return { ...io, env: { ...io.env, NO_COLOR: '1', FORCE_COLOR: '0' } };
  if (argv.includes('--color')) return { ...io, env: { ...io.env, FORCE_COLOR: '1' } };
  return io;
}

function formatError(error: unknown): string {
  if (isTaskevalError(error)) {
    const hint = error.hint ? `\n  ${error.hint}` : '';
    return `taskeval: ${error.message}${hint}\n`;
  }
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return `taskeval: unexpected error (please report it): ${detail}\n`;
}
