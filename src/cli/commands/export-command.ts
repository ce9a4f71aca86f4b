import { Option, type Command } from 'commander';
import type { CliIo } from '../cli-io.js';
import { addCohortFilterOptions, cohortFilter, type CohortFilterValues } from '../options/cohort-filter-options.js';
import { addConfigOption } from '../options/source-options.js';
import { addStoreOption, openCliStore, type StoreOptionValues } from '../options/store-options.js';
import { EXPORT_FORMATS, exportResults, type ExportFormat } from '../render/index.js';
import { resolveRunId } from './resolve-run-id.js';

interface ExportOptions extends StoreOptionValues, CohortFilterValues {
  run: string;
  format: ExportFormat;
}

/** `taskeval export --run RUN_ID --format json|jsonl|csv`: a run's whole results to stdout, page by page. */
export function registerExportCommand(program: Command, io: CliIo): void {
  const command = program
    .command('export')
    .description(
      "write a run's results to stdout: json (array of whole results), jsonl (one per line) or csv (scores, with a header)",
    )
    .requiredOption('--run <runId>', 'the run to export, or latest for the newest run')
    .addOption(new Option('--format <format>', 'output format').choices([...EXPORT_FORMATS]).default('json'))
    .option('--json', 'same as --format json');
  addStoreOption(addConfigOption(addCohortFilterOptions(command)))
    .addHelpText(
      'after',
      '\nExamples:\n  taskeval export --run run_... --format csv > scores.csv\n  taskeval export --run run_... --format jsonl | jq .overallScore',
    )
    .action(async (options: ExportOptions & { json?: boolean }) => {
      const format: ExportFormat = options.json ? 'json' : options.format;
      const cli = await openCliStore(options, io, { mustExist: true, readOnly: true });
      try {
        // `latest` names the newest run, so a CI step can export what it just ran without its id.
        const filter = cohortFilter(options);
        const runId = await resolveRunId(cli.store, options.run);
        for await (const chunk of exportResults(
          cli.store,
          { ...filter, runId, sort: 'taskId', order: 'asc' },
          format,
        )) {
          io.stdout(chunk);
          // A page at a time, no faster than the reader takes it: `export | jq` holds one page, not the run.
          await io.drained?.();
        }
      } finally {
        await cli.close();
      }
    });
}
