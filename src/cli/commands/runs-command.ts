import { Option, type Command } from 'commander';
import { RUN_STATUSES, RUN_TRIGGERS, type RunStatus, type RunTrigger } from '../../store/index.js';
import type { CliIo } from '../cli-io.js';
import { addConfigOption } from '../options/source-options.js';
import { addStoreOption, openCliStore, type StoreOptionValues } from '../options/store-options.js';
import { renderRunsTable } from '../render/index.js';
import { parseCount } from '../../runs/index.js';

interface RunsOptions extends StoreOptionValues {
  json?: boolean;
  status?: RunStatus;
  trigger?: RunTrigger;
  limit: string;
  offset: string;
}

/** `taskeval runs`: the stored runs, newest first. */
export function registerRunsCommand(program: Command, io: CliIo): void {
  const command = program
    .command('runs')
    .description('list stored runs, newest first: status, trigger, counts, overall mean, summary')
    .addOption(new Option('--status <status>', 'only runs with this status').choices([...RUN_STATUSES]))
    .addOption(new Option('--trigger <trigger>', 'only runs started this way').choices([...RUN_TRIGGERS]))
    .addOption(new Option('--limit <n>', 'at most this many runs (1-500)').default('20', '20'))
    .addOption(new Option('--offset <n>', 'skip this many runs first').default('0', '0'))
    .option('--json', 'print { items, count } as JSON');
  addStoreOption(addConfigOption(command))
    .addHelpText('after', '\nExamples:\n  taskeval runs\n  taskeval runs --status failed --json')
    .action(async (options: RunsOptions) => {
      const cli = await openCliStore(options, io, { mustExist: true, readOnly: true });
      try {
        const page = await cli.store.listRuns({
          ...(options.status ? { status: options.status } : {}),
          ...(options.trigger ? { trigger: options.trigger } : {}),
          limit: parseCount('--limit', options.limit, 1, 500),
          offset: parseCount('--offset', options.offset, 0),
        });
        io.stdout(options.json ? `${JSON.stringify(page, null, 2)}\n` : renderRunsTable(page.items));
      } finally {
        await cli.close();
      }
    });
}
