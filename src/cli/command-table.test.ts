import { Command, Help } from 'commander';
import { describe, expect, it } from 'vitest';
import { commandNamed, COMMANDS, registerListing } from './command-table.js';
import { registerAllCommands } from './register-commands.js';
import { runCli } from './run-cli.js';
import { captureIo } from './testing/capture-io.js';

const io = captureIo(process.cwd());

describe('the command table', () => {
  it('lists every command exactly as its module registers it: name, alias, arguments, options and description', async () => {
    const full = new Command('taskeval');
    await registerAllCommands(full, io, () => undefined);
    const listed = new Command('taskeval');
    for (const entry of COMMANDS) registerListing(listed, entry);
    const help = new Help();
    const shown = (p: Command) => p.commands.map((c) => [help.subcommandTerm(c), c.description()]);
    expect(JSON.stringify(shown(listed), null, 1)).toBe(JSON.stringify(shown(full), null, 1));
  });

  it('names the command argv runs, through help and aliases, and none for a typo or no command', () => {
    expect(commandNamed(['score', '--json'])?.name).toBe('score');
    expect(commandNamed(['--no-color', 'validate'])?.name).toBe('validate');
    expect(commandNamed(['help', 'compare'])?.name).toBe('compare');
    expect(commandNamed(['view'])?.name).toBe('serve');
    expect(commandNamed(['scroe'])).toBeNull();
    expect(commandNamed(['--help'])).toBeNull();
  });

  it('prints the whole listing for --help, a command with its options for COMMAND --help, and suggests on a typo', async () => {
    const run = async (...argv: string[]) => {
      const captured = captureIo(process.cwd());
      const code = await runCli(argv, captured);
      return { code, out: captured.out(), err: captured.err() };
    };
    const top = await run('--help');
    expect(top.code).toBe(0);
    for (const entry of COMMANDS) expect(top.out).toContain(entry.name);
    expect(top.out).toContain('prompt [options] <task>');
    const one = await run('help', 'label');
    expect(one.out).toContain('--rater <name>');
    const typo = await run('valdate');
    expect(typo.code).toBe(2);
    expect(typo.err).toContain('validate');
  });
});
