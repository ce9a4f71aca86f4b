import { Option, type Command } from 'commander';
import { SCORE_BAND_NAMES, type ScoreBand } from '../../core/index.js';
import { RESULT_SORT_KEYS, type ResultSortKey } from '../../store/index.js';
import type { CliIo } from '../cli-io.js';
import { addCohortFilterOptions, cohortFilter, type CohortFilterValues } from '../options/cohort-filter-options.js';
import { addConfigOption } from '../options/source-options.js';
import { addStoreOption, openCliStore, type StoreOptionValues } from '../options/store-options.js';
import { renderResultsTable } from '../render/index.js';
import { parseCount } from '../../runs/index.js';
import { resolveRunId } from './resolve-run-id.js';

interface ResultsOptions extends StoreOptionValues, CohortFilterValues {
  json?: boolean;
  run?: string;
  task?: string;
  band?: ScoreBand[];
  status?: 'scored' | 'error' | 'skipped';
  min?: string;
  max?: string;
  limit: string;
  offset: string;
  sort: ResultSortKey;
  order: 'asc' | 'desc';
}

/** `taskeval results`: stored results, filtered. */
export function registerResultsCommand(program: Command, io: CliIo): void {
  const command = program
    .command('results')
    .description(
      'list stored results, newest first, filtered by run, task, band, status, score range, model, agent and label',
    )
    .option('--run <runId>', 'only results of this run (latest: the newest)')
    .option('--task <taskId>', 'only results of this task')
    .addOption(new Option('--band <band...>', 'only these overall bands').choices([...SCORE_BAND_NAMES]))
    .addOption(
      new Option('--status <status>', 'only scored, error or skipped results').choices(['scored', 'error', 'skipped']),
    )
    .option('--min <score>', 'overall score at least this')
    .option('--max <score>', 'overall score at most this')
    .addOption(new Option('--limit <n>', 'at most this many results (1-500)').default('50', '50'))
    .addOption(new Option('--offset <n>', 'skip this many results first').default('0', '0'))
    .addOption(
      new Option('--sort <key>', 'order by this: overall, a category, taskId or evaluatedAt')
        .choices([...RESULT_SORT_KEYS])
        .default('evaluatedAt'),
    )
    .addOption(
      new Option('--order <order>', 'asc or desc (default desc: highest, newest, last id first)')
        .choices(['asc', 'desc'])
        .default('desc'),
    )
    .option('--json', 'print { items, count } of result summaries as JSON');
  addStoreOption(addConfigOption(addCohortFilterOptions(command)))
    .addHelpText(
      'after',
      '\nExamples:\n  taskeval results --run run_...\n  taskeval results --run latest --sort overall --order asc   # the weakest first\n  taskeval results --band failing weak --json\n  taskeval results --task FN-123 --min 50 --max 80\n  taskeval results --model claude-sonnet-4-5 --label prompt=v2',
    )
    .action(async (options: ResultsOptions) => {
      const cli = await openCliStore(options, io, { mustExist: true, readOnly: true });
      try {
        const page = await cli.store.listResults({
          ...(options.run ? { runId: await resolveRunId(cli.store, options.run) } : {}),
          ...(options.task ? { taskId: options.task } : {}),
          ...(options.band ? { band: options.band } : {}),
          ...(options.status ? { status: options.status } : {}),
          ...(options.min !== undefined ? { min: parseCount('--min', options.min, 0, 100) } : {}),
          ...(options.max !== undefined ? { max: parseCount('--max', options.max, 0, 100) } : {}),
          ...cohortFilter(options),
          sort: options.sort,
          order: options.order,
          limit: parseCount('--limit', options.limit, 1, 500),
          offset: parseCount('--offset', options.offset, 0),
        });
        io.stdout(options.json ? `${JSON.stringify(page, null, 2)}\n` : renderResultsTable(page.items, page.count));
      } finally {
        await cli.close();
      }
    });
}
