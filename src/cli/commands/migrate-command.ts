import type { Command } from 'commander';
import { loadConfig } from '../../runs/index.js';
import { openStore } from '../../store/index.js';
import type { CliIo } from '../cli-io.js';
import { addConfigOption } from '../options/source-options.js';
import {
  addStoreOption,
  assertStoreExists,
  resolveStoreLocation,
  type StoreOptionValues,
} from '../options/store-options.js';

type MigrateOptions = StoreOptionValues & { config?: string; json?: boolean };

/** `taskeval migrate`: upgrades a store's schema; the one command besides writing ones that changes it. */
export function registerMigrateCommand(program: Command, io: CliIo): void {
  const command = program
    .command('migrate')
    .description("upgrade a store's schema to this taskeval's, keeping a copy of a SQLite store as it was")
    .option('--json', 'print what was done as JSON');
  addStoreOption(addConfigOption(command))
    .addHelpText(
      'after',
      '\nReading commands (runs, show, results, export, compare, validate) never change a store; on an older one they\nexit 6 and name this command. A SQLite store is first copied to <file>.schema-<N>.<time>.bak, which the older\ntaskeval still reads; PostgreSQL upgrades in one transaction (take a pg_dump first for a copy).\nExamples:\n  taskeval migrate\n  taskeval migrate --db /srv/taskeval/taskeval.db',
    )
    .action(async (options: MigrateOptions) => {
      const { config, path: configPath } = await loadConfig(io.cwd, options.config);
      const location = resolveStoreLocation(options, io, config, configPath);
      // A mistyped --db must not become a new empty store.
      assertStoreExists(location);
      const store = await openStore(location, { checkIntegrity: true });
      try {
        const upgraded = store.upgraded ?? null;
        // An upgrade may empty derived sums; a reading command cannot write them back and would sum in memory each time.
        if (upgraded) {
          const cells = await store.compareCells();
          if (cells)
            io.stderr(`brought the comparison sums up to date: ${cells.reduce((n, c) => n + c.n, 0)} results\n`);
        }
        if (options.json) io.stdout(`${JSON.stringify({ store: location.display, upgraded }, null, 2)}\n`);
        else if (!upgraded) io.stdout(`${location.display}: already at this taskeval's schema; nothing to do\n`);
        else
          io.stdout(
            `${location.display}: upgraded from schema ${upgraded.from} to ${upgraded.to}${upgraded.backup ? `\nthe store as it was: ${upgraded.backup}` : ''}\n`,
          );
      } finally {
        await store.close();
      }
    });
}
