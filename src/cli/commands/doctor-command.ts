import type { Command } from 'commander';
import { ConfigError, StoreError } from '../../core/index.js';
import { loadConfig } from '../../runs/index.js';
import { diagnoseSqliteStore, type StoreDiagnosis } from '../../store/index.js';
import type { CliIo } from '../cli-io.js';
import { addConfigOption } from '../options/source-options.js';
import { addStoreOption, resolveStoreLocation, type StoreOptionValues } from '../options/store-options.js';
import { terminalSafe } from '../render/terminal-safe.js';

interface DoctorOptions extends StoreOptionValues {
  json?: boolean;
}

/** `taskeval doctor`: a full, read-only check of the store file. */
export function registerDoctorCommand(program: Command, io: CliIo): void {
  const command = program
    .command('doctor')
    .description(
      "check the store file without writing to it: SQLite's full integrity check, foreign keys, schema version, runs left active",
    )
    .option('--json', 'print the report as JSON');
  addStoreOption(addConfigOption(command))
    .addHelpText(
      'after',
      '\nExits 0 when the store is healthy and 6 when it is damaged (the problems are listed first).\nWriting commands (run, batch, schedule, serve, prune, score --db) run a quicker check on their own and refuse a damaged store.\nExamples:\n  taskeval doctor\n  taskeval doctor --db /srv/taskeval/taskeval.db --json',
    )
    .action(async (options: DoctorOptions) => {
      const { config, path: configPath } = await loadConfig(io.cwd, options.config);
      const location = resolveStoreLocation(options, io, config, configPath);
      if (location.kind !== 'sqlite') {
        throw new ConfigError(
          'usage',
          `doctor checks a SQLite store file; ${location.display} is PostgreSQL, whose server checks its own pages (amcheck, pg_checksums)`,
          { field: 'db' },
        );
      }
      const report = diagnoseSqliteStore(location.path);
      io.stdout(options.json ? `${JSON.stringify(report, null, 2)}\n` : renderDiagnosis(report));
      if (!report.healthy) {
        throw new StoreError('store_corrupt', `${report.path}: the store is damaged`, {
          field: 'db',
          hint: 'restore the file from a backup, or salvage what is readable with `sqlite3 FILE .recover`',
        });
      }
    });
}

function renderDiagnosis(d: StoreDiagnosis): string {
  const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
  const lines = [
    `store:     ${terminalSafe(d.path)}`,
    `size:      ${mib(d.bytes)}${d.walBytes ? ` (+ ${mib(d.walBytes)} write-ahead log)` : ''}`,
    `schema:    ${d.schema.applied.length ? d.schema.applied.join(', ') : 'none'} applied; this taskeval knows ${d.schema.known}`,
    `integrity: ${d.integrity.ok ? 'ok' : 'DAMAGED'}`,
    ...d.integrity.problems.flatMap((p) => p.split('\n').map((line) => `  ${terminalSafe(line)}`)),
    `runs:      ${
      d.runs
        ? Object.entries(d.runs)
            .map(([s, n]) => `${n} ${s}`)
            .join(', ') || 'none'
        : 'unreadable'
    }`,
    `results:   ${d.results ?? 'unreadable'}`,
  ];
  for (const run of d.active)
    lines.push(`active:    ${run.id} ${run.status}, last heartbeat ${run.heartbeatAt ?? 'never'}`);
  const older = d.schema.applied.length > 0 && Math.max(...d.schema.applied) < d.schema.known;
  if (older)
    lines.push(
      `upgrade:   the schema is older than this taskeval's; \`taskeval migrate\` upgrades it (keeping a backup)`,
    );
  for (const note of d.notes) lines.push(`note:      ${terminalSafe(note)}`);
  return `${lines.join('\n')}\n`;
}
