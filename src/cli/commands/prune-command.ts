import type { Command } from 'commander';
import { ConfigError } from '../../core/index.js';
import { ageCutoff, parseAge } from '../../store/index.js';
import type { CliIo } from '../cli-io.js';
import { addConfigOption } from '../options/source-options.js';
import { addStoreOption, openCliStore, type StoreOptionValues } from '../options/store-options.js';

interface PruneOptions extends StoreOptionValues {
  olderThan?: string;
  dryRun?: boolean;
  json?: boolean;
}

/** `taskeval prune --older-than 30d`: deletes finished runs with their results and events. */
export function registerPruneCommand(program: Command, io: CliIo): void {
  const command = program
    .command('prune')
    .description('delete finished runs older than an age, with their results and events, and report what was removed')
    .option(
      '--older-than <age>',
      'age such as 30d, 12h, 2w, 90min (default: retentionDays from the config); a bare m is refused as ambiguous',
    )
    .option('--dry-run', 'list what would be deleted and delete nothing')
    .option('--json', 'print the report as JSON');
  addStoreOption(addConfigOption(command))
    .addHelpText(
      'after',
      '\nActive runs are never deleted. Examples:\n  taskeval prune --older-than 30d --dry-run\n  taskeval prune --older-than 30d\n  taskeval prune --older-than 2w --json',
    )
    .action(async (options: PruneOptions) => {
      // A bad flag is a usage error before any store is opened.
      if (options.olderThan !== undefined) parseAge(options.olderThan, '--older-than');
      const cli = await openCliStore(options, io, { mustExist: true });
      try {
        const age = options.olderThan ?? cli.config.retentionDays;
        if (age === undefined) {
          throw new ConfigError(
            'usage',
            'prune needs an age: give --older-than 30d or set retentionDays in taskeval.config.json',
            { field: '--older-than' },
          );
        }
        const olderThan = ageCutoff(age, new Date().toISOString());
        const dryRun = options.dryRun ?? false;
        const report = await cli.store.prune({ olderThan, dryRun });
        if (options.json) io.stdout(`${JSON.stringify({ olderThan, dryRun, ...report }, null, 2)}\n`);
        else {
          const verb = dryRun ? 'would prune' : 'pruned';
          io.stdout(
            `${verb} ${report.runs} run(s), ${report.results} result(s), ${report.events} event(s) finished before ${olderThan}\n${report.runIds.map((id) => `  ${id}\n`).join('')}`,
          );
        }
      } finally {
        await cli.close();
      }
    });
}
