import { Option, type Command } from 'commander';
import type { CliIo } from './cli-io.js';
import type { SetExitCode } from './set-exit-code.js';

type Register = (program: Command, io: CliIo, setExitCode: SetExitCode) => void;

/** A command as `taskeval --help` lists it, and how to load the module that defines it. */
export interface CommandEntry {
  name: string;
  alias?: string;
  /** Its positional arguments as the listing shows them (`<task>`). */
  args?: string;
  description: string;
  /** The command takes no options (the listing then says no "[options]"). */
  noOptions?: true;
  load: () => Promise<Register>;
}

/**
 * Every command, in the order `--help` lists them. A command's module (and what it imports: the store, the
 * judge, git) is loaded only when that command runs; the listing needs only these lines. A test keeps each
 * line equal to what its module registers.
 */
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'score',
    description:
      'score the completed tasks of a project or task file (deterministic-only, or hybrid with --judge) and print the scorecard (no run is stored)',
    load: async () => (await import('./commands/score-command.js')).registerScoreCommand,
  },
  {
    name: 'demo',
    description: 'build a small real git repository with three agent tasks, score them and print the scorecard',
    load: async () => (await import('./commands/demo-command.js')).registerDemoCommand,
  },
  {
    name: 'schema',
    args: '<name>',
    noOptions: true,
    description: "print the JSON Schema (draft 2020-12) of an input format or of the judge's answer",
    load: async () => (await import('./commands/schema-command.js')).registerSchemaCommand,
  },
  {
    name: 'prompt',
    args: '<task>',
    description: "print one task's judge prompt (system and user parts) exactly as it would be sent; nothing is sent",
    load: async () => (await import('./commands/prompt-command.js')).registerPromptCommand,
  },
  {
    name: 'serve',
    alias: 'view',
    description: 'serve the dashboard and JSON API over the store (127.0.0.1, token-protected)',
    load: async () => {
      const { registerServeCommand } = await import('./commands/serve-command.js');
      return (program, io) => registerServeCommand(program, io);
    },
  },
  {
    name: 'run',
    description: 'evaluate the selected tasks in a stored run (progress, Ctrl-C safe, resumable)',
    load: async () => (await import('./commands/run-command.js')).registerRunCommand,
  },
  {
    name: 'rescore',
    description:
      "evaluate a stored run's evidence again (another judge, no judge, or the current rubric) into a new run, reading no source",
    load: async () => (await import('./commands/rescore-command.js')).registerRescoreCommand,
  },
  {
    name: 'runs',
    description: 'list stored runs, newest first: status, trigger, counts, overall mean, summary',
    load: async () => (await import('./commands/runs-command.js')).registerRunsCommand,
  },
  {
    name: 'show',
    args: '<id>',
    description:
      "show one result: categories with deterministic and AI parts, bands, rationale, the judge's cited evidence, signals, provenance",
    load: async () => (await import('./commands/show-command.js')).registerShowCommand,
  },
  {
    name: 'results',
    description:
      'list stored results, newest first, filtered by run, task, band, status, score range, model, agent and label',
    load: async () => (await import('./commands/results-command.js')).registerResultsCommand,
  },
  {
    name: 'export',
    description:
      "write a run's results to stdout: json (array of whole results), jsonl (one per line), csv (scores, with a header) or otlp (OpenTelemetry gen_ai.evaluation.result events)",
    load: async () => (await import('./commands/export-command.js')).registerExportCommand,
  },
  {
    name: 'prune',
    description: 'delete finished runs older than an age, with their results and events, and report what was removed',
    load: async () => (await import('./commands/prune-command.js')).registerPruneCommand,
  },
  {
    name: 'batch',
    description:
      'run one scheduled batch now: tasks completed since the previous batch, plus transient failures to retry',
    load: async () => (await import('./commands/batch-command.js')).registerBatchCommand,
  },
  {
    name: 'schedule',
    description: 'run scheduled batches on a cron expression (default "0 5 * * *" UTC) until stopped',
    load: async () => (await import('./commands/schedule-command.js')).registerScheduleCommand,
  },
  {
    name: 'outcomes',
    description: 'what happened after each task, from git: reverts, follow-up fixes and SZZ bug-introducing labels',
    load: async () => (await import('./commands/outcomes-command.js')).registerOutcomesCommand,
  },
  {
    name: 'validate',
    description:
      'how well the scores predict a label: AUC (or Spearman) per category, overall and rubric rule, with bootstrap intervals',
    load: async () => (await import('./commands/validate-command.js')).registerValidateCommand,
  },
  {
    name: 'label',
    description: "rate a sample of a run's tasks yourself, blind, from their evidence; kept per rater in the store",
    load: async () => (await import('./commands/label-command.js')).registerLabelCommand,
  },
  {
    name: 'doctor',
    description:
      "check the store file without writing to it: SQLite's full integrity check, foreign keys, schema version, runs left active",
    load: async () => (await import('./commands/doctor-command.js')).registerDoctorCommand,
  },
  {
    name: 'compare',
    description:
      'compare what happened to the work (merged, reverted, fixed later, cost) and stored scores by model, agent, provider, project, task type or label, or two runs task by task, with 95% intervals',
    load: async () => (await import('./commands/compare-command.js')).registerCompareCommand,
  },
  {
    name: 'worker',
    description: 'take queued evaluation jobs from a PostgreSQL store and evaluate them (any number of machines)',
    load: async () => (await import('./commands/worker-command.js')).registerWorkerCommand,
  },
  {
    name: 'sessions',
    description:
      'list the agent sessions (Claude Code, Codex, Gemini CLI, OpenCode, Copilot CLI, pi, Cursor, Aider, OpenTelemetry) that ran in the repository, the tasks they were linked to, and why the others were not',
    load: async () => (await import('./commands/sessions-command.js')).registerSessionsCommand,
  },
  {
    name: 'migrate',
    description: "upgrade a store's schema to this taskeval's, keeping a copy of a SQLite store as it was",
    load: async () => (await import('./commands/migrate-command.js')).registerMigrateCommand,
  },
  {
    name: 'init',
    description:
      'look at the repository (Fusion, git remote, task ids in recent commits, agent sessions) and write a commented starting taskeval.config.json',
    load: async () => (await import('./commands/init-command.js')).registerInitCommand,
  },
];

/** The command argv names (`help X` names X), or null for none or one taskeval does not know. */
export function commandNamed(argv: readonly string[]): CommandEntry | null {
  const words = argv.filter((a) => !a.startsWith('-'));
  const name = words[0] === 'help' ? words[1] : words[0];
  if (name === undefined) return null;
  return COMMANDS.find((c) => c.name === name || c.alias === name) ?? null;
}

/** A listing-only command: its name, arguments and description, for `--help` and "did you mean" on a typo. */
export function registerListing(program: Command, entry: CommandEntry): void {
  const command = program
    .command(entry.args ? `${entry.name} ${entry.args}` : entry.name)
    .description(entry.description);
  if (entry.alias) command.alias(entry.alias);
  // A hidden option makes the listing say "[options]" as the real command does.
  if (!entry.noOptions) command.addOption(new Option('--options').hideHelp());
}
