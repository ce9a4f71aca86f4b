import { Option, type Command } from 'commander';
import type { CliIo } from '../cli-io.js';
import { addCohortFilterOptions, cohortFilter, type CohortFilterValues } from '../options/cohort-filter-options.js';
import { addConfigOption } from '../options/source-options.js';
import { addStoreOption, openCliStore, type StoreOptionValues } from '../options/store-options.js';
import { createPhaseProgress, EXPORT_FORMATS, exportResults, type ExportFormat } from '../render/index.js';
import { resolveRunId } from './resolve-run-id.js';
import { otlpHeaders, otlpLogsUrl, postOtlpLogs } from '../../runs/index.js';
import { TASKEVAL_VERSION } from '../version.js';
import { ConfigError } from '../../core/index.js';

interface ExportOptions extends StoreOptionValues, CohortFilterValues {
  run: string;
  format: ExportFormat;
  otlpEndpoint?: string;
}

const HELP_AFTER = `
--format otlp writes OpenTelemetry: per result, one gen_ai.evaluation.result event per category and one for
the overall score (gen_ai.evaluation.name, .score.value, .score.label: the band, .explanation: the rationale
with the evidence ids it cites), carrying gen_ai.conversation.id (the agent's session, when one was linked),
the agent and model, and taskeval.task.id, .run.id and .result.id. Scores made without a judge say
"deterministic only" in their explanation; a task that could not be evaluated is one event with error.type
and its reason, never a score. Each line is one OTLP/HTTP JSON logs request (a collector's otlpjsonfile
receiver reads the file). --otlp-endpoint URL posts the same requests to a collector instead of printing
them (URL/v1/logs unless the URL ends in it; headers from OTEL_EXPORTER_OTLP_HEADERS, key=value,...).

Exit codes: 0 ok; 2 bad flags; 3 unknown run or no store; 7 the output could not be written or the collector
refused the events (what was sent before is said on stderr).

Examples:
  taskeval export --run run_... --format csv > scores.csv
  taskeval export --run run_... --format jsonl | jq .overallScore
  taskeval export --run latest --format otlp > evaluations.otlp.jsonl
  OTEL_EXPORTER_OTLP_HEADERS="authorization=Bearer%20abc" taskeval export --run latest --otlp-endpoint http://localhost:4318`;

/** `taskeval export --run RUN_ID --format json|jsonl|csv`: a run's whole results to stdout, page by page. */
export function registerExportCommand(program: Command, io: CliIo): void {
  const command = program
    .command('export')
    .description(
      "write a run's results to stdout: json (array of whole results), jsonl (one per line), csv (scores, with a header) or otlp (OpenTelemetry gen_ai.evaluation.result events)",
    )
    .requiredOption('--run <runId>', 'the run to export, or latest for the newest run')
    .addOption(new Option('--format <format>', 'output format').choices([...EXPORT_FORMATS]).default('json'))
    .option('--json', 'same as --format json')
    .option(
      '--otlp-endpoint <url>',
      'send the otlp events to this OTLP/HTTP collector (JSON) instead of stdout; implies --format otlp',
    );
  addStoreOption(addConfigOption(addCohortFilterOptions(command)))
    .addHelpText('after', HELP_AFTER)
    .action(async (options: ExportOptions & { json?: boolean }) => {
      if (options.otlpEndpoint !== undefined && (options.json || !['json', 'otlp'].includes(options.format)))
        throw new ConfigError(
          'usage',
          '--otlp-endpoint sends OpenTelemetry events: it cannot be given with another format',
          {
            field: '--otlp-endpoint',
          },
        );
      const format: ExportFormat = options.otlpEndpoint !== undefined ? 'otlp' : options.json ? 'json' : options.format;
      const target = options.otlpEndpoint === undefined ? null : otlpLogsUrl(options.otlpEndpoint);
      const headers = otlpHeaders(io.env.OTEL_EXPORTER_OTLP_HEADERS);
      const cli = await openCliStore(options, io, { mustExist: true, readOnly: true });
      try {
        // `latest` names the newest run, so a CI step can export what it just ran without its id.
        const filter = cohortFilter(options);
        const runId = await resolveRunId(cli.store, options.run);
        let sent = { requests: 0, events: 0 };
        const query = { ...filter, runId, sort: 'taskId', order: 'asc' } as const;
        // A large run takes minutes to export (200,000 whole results as JSON: about two): said on stderr.
        const total = (await cli.store.listResults({ ...query, limit: 1 })).count;
        const progress = createPhaseProgress({ write: io.stderr, label: 'exporting', noun: 'results' });
        try {
          for await (const chunk of exportResults(
            cli.store,
            query,
            format,
            {
              version: TASKEVAL_VERSION,
              now: new Date().toISOString(),
            },
            (written) => progress.update(written, total),
          )) {
            if (target === null) {
              io.stdout(chunk);
              // A page at a time, no faster than the reader takes it: `export | jq` holds one page, not the run.
              await io.drained?.();
            } else if (chunk.trim() !== '') {
              await postOtlpLogs(target, chunk, headers);
              sent = { requests: sent.requests + 1, events: sent.events + countRecords(chunk) };
            }
          }
        } finally {
          if (target !== null)
            io.stderr(`otlp: sent ${sent.events} evaluation event(s) in ${sent.requests} request(s) to ${target}\n`);
        }
      } finally {
        await cli.close();
      }
    });
}

/** Log records in one OTLP JSON logs request line. */
function countRecords(line: string): number {
  const request = JSON.parse(line) as { resourceLogs: { scopeLogs: { logRecords: unknown[] }[] }[] };
  return request.resourceLogs.reduce((n, r) => n + r.scopeLogs.reduce((m, s) => m + s.logRecords.length, 0), 0);
}
