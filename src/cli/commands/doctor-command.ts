import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { ConfigError, redactUrl, StoreError } from '../../core/index.js';
import { probeJudge, type JudgeProbe } from '../../judge/index.js';
import { loadConfig, openJudge, resolveJudgeSpec, type TaskevalConfig } from '../../runs/index.js';
import { diagnoseSqliteStore, type StoreDiagnosis } from '../../store/index.js';
import type { CliIo } from '../cli-io.js';
import { addConfigOption } from '../options/source-options.js';
import { addStoreOption, resolveStoreLocation, type StoreOptionValues } from '../options/store-options.js';
import { terminalSafe } from '../render/terminal-safe.js';

interface DoctorOptions extends StoreOptionValues {
  json?: boolean;
  /** true: the config's judge; a name: that provider. */
  judge?: string | true;
  judgeModel?: string;
  judgeBaseUrl?: string;
  judgeCommand?: string;
  timeout?: string;
}

/** `taskeval doctor`: a full, read-only check of the store file. */
export function registerDoctorCommand(program: Command, io: CliIo): void {
  const command = program
    .command('doctor')
    .description(
      "check the store file without writing to it: SQLite's full integrity check, foreign keys, schema version, runs left active",
    )
    .option('--json', 'print the report as JSON')
    .option(
      '--judge [provider]',
      "also check the judge with the one tiny call a run makes first (address, key, model): the config's judge, or this provider",
    )
    .option('--judge-model <model>', 'with --judge: the model to check')
    .option('--judge-base-url <url>', 'with --judge: the endpoint root to check, e.g. http://127.0.0.1:11434/v1')
    .option('--judge-command <line>', 'with --judge command: the program to run once on a test prompt')
    .option('--timeout <seconds>', 'with --judge: how long the check waits (default 60)');
  addStoreOption(addConfigOption(command))
    .addHelpText(
      'after',
      '\nExits 0 when the store is healthy and 6 when it is damaged (the problems are listed first). With --judge, a judge that cannot be reached exits 4, a wrong key or model 2.\nWriting commands (run, batch, schedule, serve, prune, score --db) run a quicker check on their own and refuse a damaged store.\nExamples:\n  taskeval doctor\n  taskeval doctor --db /srv/taskeval/taskeval.db --json\n  taskeval doctor --judge openai-compatible --judge-base-url http://127.0.0.1:8080/v1 --judge-model qwen',
    )
    .action(async (options: DoctorOptions) => {
      const { config, path: configPath } = await loadConfig(io.cwd, options.config);
      const location = resolveStoreLocation(options, io, config, configPath);
      const judge = options.judge !== undefined ? await checkJudge(options, config, io) : null;
      if (judge && !options.json) io.stdout(judge.line);
      // Checking the judge alone is fine before any store exists.
      if (judge && (location.kind !== 'sqlite' || !existsSync(location.path))) {
        if (options.json) io.stdout(`${JSON.stringify({ judge: judge.probe }, null, 2)}\n`);
        return;
      }
      if (location.kind !== 'sqlite') {
        throw new ConfigError(
          'usage',
          `doctor checks a SQLite store file; ${location.display} is PostgreSQL, whose server checks its own pages (amcheck, pg_checksums)`,
          { field: 'db' },
        );
      }
      const report = diagnoseSqliteStore(location.path);
      const json = judge ? { ...report, judge: judge.probe } : report;
      io.stdout(options.json ? `${JSON.stringify(json, null, 2)}\n` : renderDiagnosis(report));
      if (!report.healthy) {
        throw new StoreError('store_corrupt', `${report.path}: the store is damaged`, {
          field: 'db',
          hint: 'restore the file from a backup, or salvage what is readable with `sqlite3 FILE .recover`',
        });
      }
    });
}

/** `--judge`: the run's probe, alone; throws its error (naming the flag or variable) when the judge fails it. */
async function checkJudge(
  options: DoctorOptions,
  config: TaskevalConfig,
  io: CliIo,
): Promise<{ probe: JudgeProbe; line: string }> {
  const spec = resolveJudgeSpec(
    {
      ...(typeof options.judge === 'string' ? { judge: options.judge } : {}),
      ...(options.judgeModel !== undefined ? { judgeModel: options.judgeModel } : {}),
      ...(options.judgeBaseUrl !== undefined ? { judgeBaseUrl: options.judgeBaseUrl } : {}),
      ...(options.judgeCommand !== undefined ? { judgeCommand: options.judgeCommand } : {}),
      timeout: options.timeout ?? '60',
    },
    config.judge,
  );
  if (!spec) {
    throw new ConfigError('usage', '--judge without a provider, and the config names none', {
      field: '--judge',
      hint: 'Give --judge openai|anthropic|openai-compatible|command, or judge.provider in taskeval.config.json.',
    });
  }
  const judge = openJudge(spec, io.env, { cwd: io.cwd })!;
  const probe = await probeJudge(judge.judge, spec);
  const where = spec.baseUrl ? ` at ${redactUrl(spec.baseUrl)}` : '';
  return {
    probe,
    line: `judge:     ${terminalSafe(`${probe.provider}/${probe.model}${where}`)} answers (${(probe.elapsedMs / 1000).toFixed(1)} s)\n`,
  };
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
