import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createHeapPacer } from '../../runs/index.js';
import { Option, type Command } from 'commander';
import { ConfigError, isTaskevalError, SourceError, type Task } from '../../core/index.js';
import {
  detectTaskSource,
  GITHUB_API,
  loadTaskSet,
  TASK_SOURCE_KINDS,
  SESSION_FORMATS,
  type SessionReport,
  type LoadTaskSetOptions,
  type SourceConfig,
  type TaskSet,
  type TaskSourceKind,
} from '../../sources/index.js';
import { countPullHeads, type SourceProblem } from '../../sources/index.js';
import { formatSourceProblem } from '../../sources/files/index.js';
import type { Store } from '../../store/index.js';
import { sayOnce } from '../say-once.js';
import type { CliIo } from '../cli-io.js';
import { terminalSafe } from '../render/terminal-safe.js';

/** Flags that say where tasks come from and which of them to take. */
export interface SourceOptionValues {
  project?: string;
  repo?: string;
  source?: TaskSourceKind;
  tasks?: string;
  /** Pull requests as `gh pr list --json …` wrote them (--pulls FILE). */
  pulls?: string;
  /** Pull requests from GitHub's REST API (--github OWNER/NAME). */
  github?: string;
  /** GitHub's API base URL (--github-url), for GitHub Enterprise Server. */
  githubUrl?: string;
  task?: string[];
  since?: string;
  until?: string;
  column?: string;
  transcripts?: string;
  /** Extra places holding agent sessions (--sessions DIR, repeatable), or false with --no-sessions. */
  sessions?: string[] | false;
  /** OpenTelemetry exports whose sessions are linked too (--otlp FILE|DIR, repeatable). */
  otlp?: string[];
  /** A Fusion PostgreSQL database URL (--fusion-db). */
  fusionDb?: string;
  strict?: boolean;
  config?: string;
  /** False with --no-hindsight: score from what existed when each task completed. */
  hindsight?: boolean;
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** Adds the task-source and selection flags to a command. */
export function addSourceOptions(command: Command): Command {
  return command
    .option(
      '--project <dir>',
      'project to evaluate: a Fusion project (.fusion/ or .kb/) or any git repository (default: the current directory)',
    )
    .option(
      '--repo <path>',
      'git repository the tasks were worked in, when it is not the project directory; its commits are merged into every task',
    )
    .addOption(
      new Option(
        '--source <kind>',
        'where tasks come from (default: detected: --tasks → files, a Fusion project → fusion, a Harbor job directory → harbor, a git repository → git); pulls: one task per refs/pull/<N>/head; harbor: one task per trial of jobs/<job>, its reward as a workflow result',
      ).choices([...TASK_SOURCE_KINDS]),
    )
    .option(
      '--tasks <file>',
      'task records to score: a .json file (one task or an array) or .jsonl (one task per line); see `taskeval schema task`',
    )
    .option(
      '--pulls <file>',
      'pull requests to score, as `gh pr list --state all --json …` wrote them (docs/sources.md has the exact command); implies --source pulls',
    )
    .option(
      '--github <owner/name>',
      "pull requests to score, read from GitHub's REST API (token from GITHUB_TOKEN or GH_TOKEN; what was fetched is kept in the store, so the next run fetches only what changed); implies --source pulls",
    )
    .option(
      '--github-url <url>',
      "GitHub's API base URL, for GitHub Enterprise Server: https://HOST/api/v3 (default: GITHUB_API_URL, else https://api.github.com)",
    )
    .option('--task <id>', 'only this task (repeatable); the --column filter still applies', collect)
    .option('--since <date>', 'only tasks completed at or after this date (YYYY-MM-DD in UTC, or ISO-8601)')
    .option('--until <date>', 'only tasks completed at or before this date (a bare date includes that whole day, UTC)')
    .option(
      '--column <name>',
      'done = completed tasks (done or archived), all = every task, or a column name such as in-review (default: done; all for --tasks)',
    )
    .option(
      '--transcripts <dir>',
      'agent transcripts (Claude Code .jsonl, SWE-agent trajectories) linked to tasks whose id a file or folder names',
    )
    .option(
      '--sessions <dir>',
      "also look for agent sessions (Claude Code .jsonl, Codex rollouts) here (repeatable); Claude Code's and Codex's own places are searched by default",
      collect,
    )
    .option(
      '--otlp <file>',
      'an OpenTelemetry OTLP JSON export (traces or logs, one request a line or one document; or a directory of them) whose agent sessions are linked like any other (repeatable); .taskeval/otlp, where taskeval serve keeps what it receives, is read by default',
      collect,
    )
    .option(
      '--no-sessions',
      'do not look for agent sessions to link to the tasks by working directory, time and branch',
    )
    .option(
      '--fusion-db <url>',
      "PostgreSQL URL of a Fusion project's database (Fusion since mid-2026): tasks, documents, run audit and board activity are read from it, read-only (default: DATABASE_URL in .fusion/.env, else the task folders)",
    )
    .option(
      '--strict',
      'fail (exit 3) on the first invalid task record instead of reporting it and scoring the valid ones',
    );
}

/** Adds --no-hindsight, for the commands that score. */
export function addHindsightOption(command: Command): Command {
  return command.option(
    '--no-hindsight',
    'score each task only from evidence that existed when it completed: no reverts, later fixes or commits after it (what `validate --outcomes` needs)',
  );
}

/** Adds --config, for commands that read taskeval.config.json. */
export function addConfigOption(command: Command): Command {
  return command.option(
    '--config <path>',
    'configuration file (default: taskeval.config.json in the current directory, when present)',
  );
}

/** Tasks from the selected source, plus what could not be read. */
export interface LoadedTasks {
  tasks: Task[];
  problems: SourceProblem[];
  /** Where the tasks came from, for messages. */
  origin: string;
  /** The whole load: source, project id, repository, tasks with their commits. */
  set: TaskSet;
}

/** The loadTaskSet options the flags give; relative paths are read from the current directory. */
export function taskSetOptions(
  options: SourceOptionValues,
  io: CliIo,
  config?: SourceConfig,
  configDir?: string,
): LoadTaskSetOptions {
  return {
    projectDir: options.project ?? '.',
    cwd: io.cwd,
    ...(options.source ? { source: options.source } : {}),
    ...(options.tasks !== undefined ? { tasksFile: options.tasks } : {}),
    ...(options.pulls !== undefined ? { pullsFile: options.pulls } : {}),
    ...(options.github !== undefined
      ? {
          github: {
            repository: options.github,
            baseUrl: options.githubUrl ?? io.env.GITHUB_API_URL ?? GITHUB_API,
            token: io.env.GITHUB_TOKEN || io.env.GH_TOKEN || null,
            onProgress: (line: string) => io.stderr(line),
          },
        }
      : {}),
    ...(options.repo !== undefined ? { repo: options.repo } : {}),
    ...(options.transcripts !== undefined ? { transcriptsDir: options.transcripts } : {}),
    ...(options.fusionDb !== undefined ? { fusionDb: options.fusionDb } : {}),
    // Sessions are searched in this user's own home only, never another's.
    sessions:
      options.sessions === false || (config?.sessions?.enabled === false && !options.sessions)
        ? null
        : {
            home: io.env.HOME ?? null,
            ...(io.env.CODEX_HOME ? { codexHome: io.env.CODEX_HOME } : {}),
            ...(io.env.CLAUDE_CONFIG_DIR ? { claudeConfigDir: io.env.CLAUDE_CONFIG_DIR } : {}),
            ...(io.env.GEMINI_CLI_HOME ? { geminiHome: join(io.env.GEMINI_CLI_HOME, '.gemini') } : {}),
            ...(io.env.XDG_DATA_HOME ? { xdgDataHome: io.env.XDG_DATA_HOME } : {}),
            ...(io.env.PI_CODING_AGENT_DIR ? { piAgentDir: io.env.PI_CODING_AGENT_DIR } : {}),
            ...(io.env.COPILOT_HOME ? { copilotHome: io.env.COPILOT_HOME } : {}),
            // Discovery reads the ends of thousands of files: collections are paced, not left to grow the heap.
            onFile: createHeapPacer(),
            dirs: [
              ...(options.sessions ?? []).map((d) => resolve(io.cwd, d)),
              ...(config?.sessions?.dirs ?? []).map((d) => resolve(configDir ?? io.cwd, d)),
            ],
            ...(config?.sessions?.trailerKeys?.length ? { trailerKeys: config.sessions.trailerKeys } : {}),
            otlp: [
              ...(options.otlp ?? []).map((f) => existingPath(resolve(io.cwd, f), '--otlp')),
              resolve(io.cwd, options.project ?? '.', '.taskeval', 'otlp'),
            ],
          },
    ...(options.task?.length ? { taskIds: options.task } : {}),
    ...(options.since !== undefined ? { since: options.since } : {}),
    ...(options.until !== undefined ? { until: options.until } : {}),
    ...(options.column !== undefined ? { column: options.column } : {}),
    strict: options.strict ?? false,
    ...(options.hindsight === false ? { hindsight: false } : {}),
    ...(config ? { config } : {}),
    ...(configDir ? { configDir } : {}),
    ...(io.signal ? { signal: io.signal } : {}),
    onHistoryProgress: historyProgress(io),
  };
}

/** A stderr line every few seconds while a long history is read, so a large repository is never silent. */
function historyProgress(io: CliIo): (commits: number) => void {
  return throttledProgress(io, 'reading git history', 'commits');
}

/** `<what>: <n> <unit> (<s>s)` on stderr at most every three seconds, from three seconds on. */
function throttledProgress(io: CliIo, what: string, unit: string): (n: number) => void {
  const started = Date.now();
  let shown = started;
  return (n) => {
    const now = Date.now();
    if (now - shown < 3000) return;
    shown = now;
    io.stderr(`${what}: ${n.toLocaleString('en-US')} ${unit} (${Math.round((now - started) / 1000)}s)\n`);
  };
}

/**
 * Loads and selects tasks as the flags say; prints problems as warnings. No valid task at all is an
 * error (exit 3); nothing named and nothing found in the current directory is a usage error (exit 2).
 */
export async function loadSourceTasks(
  options: SourceOptionValues,
  io: CliIo,
  config?: SourceConfig,
  configDir?: string,
  store?: Store,
  choose?: LoadTaskSetOptions['choose'],
  stream?: { pace: () => void },
  /** Give an empty set instead of an error when no task is found (`sessions` lists sessions all the same). */
  allowNoTask = false,
): Promise<LoadedTasks> {
  const load = taskSetOptions(options, io, config, configDir);
  if (choose) load.choose = choose;
  if (stream) {
    load.stream = true;
    const progress = throttledProgress(io, 'reading tasks', 'records');
    load.onRecords = (read) => {
      stream.pace();
      progress(read);
    };
  }
  // With a store at hand, the git history is kept in it: the next run reads only the commits since.
  if (store)
    load.historyCache = {
      get: (key) => store.repositoryCache.get(key),
      set: (key, value) => store.repositoryCache.set(key, value, new Date().toISOString()),
    };
  // Pull requests fetched from GitHub are kept the same way: the next run fetches only those changed since.
  if (store && load.github) load.github.kept = load.historyCache!;
  if (
    !load.source &&
    options.tasks === undefined &&
    options.pulls === undefined &&
    options.github === undefined &&
    options.project === undefined
  )
    load.source = await detectInCwd(io);
  const set = await loadTaskSet(load);
  reportSourceProblems(set.problems, io);
  // Which repository the commits came from is said once per command; a task file's is the one holding it, never the cwd.
  if (set.source === 'files') {
    sayOnce(
      io,
      set.repo
        ? `commits: ${terminalSafe(set.repo)}${options.repo === undefined ? ` (the repository holding ${terminalSafe(options.tasks ?? '')})` : ''}\n`
        : `commits: none (no git repository holds ${terminalSafe(options.tasks ?? '')}; give --repo DIR)\n`,
    );
  } else {
    sayOnce(
      io,
      set.repo
        ? `commits: ${terminalSafe(set.repo)}\n`
        : `commits: none (${terminalSafe(set.projectDir)} is not in a git repository)\n`,
    );
  }
  for (const notice of set.notices) io.stderr(`note: ${notice}\n`);
  if (set.sessions && set.sessions.found.length > 0) io.stderr(`${describeSessionReport(set.sessions)}\n`);
  if (set.readCount === 0 && !allowNoTask) {
    // A git source reads commits, not records: "invalid records" would not be true of it.
    const why =
      set.source === 'git'
        ? 'no commit names a task id (trailer or subject)'
        : set.problems.length
          ? `${set.problems.length} invalid record(s), see the warnings above`
          : 'it holds no task records';
    const heads = set.source === 'git' && set.repo ? await countPullHeads(set.repo) : 0;
    throw new SourceError('source_invalid', `no valid task in ${set.origin}: ${why}`, {
      field: 'tasks',
      hint:
        set.source !== 'git'
          ? 'Fix the records (run `taskeval schema task` for the format, docs/task-format.md for an example) and run again.'
          : heads > 0
            ? `The repository holds ${heads} pull-request heads: \`taskeval run --source pulls\` scores each as a task. Or name tasks in commits (a Task-Id: trailer, feat(FN-12): subjects).`
            : 'Name tasks in commits (a Fusion-Task-Id: or Task-Id: trailer, or feat(FN-12): subjects), or set sources.idPattern / sources.trailerKeys in taskeval.config.json; pull requests fetched as refs/pull/*/head are scored with --source pulls.',
    });
  }
  if (set.selectedCount === 0)
    io.stderr(
      `note: no task matched the selection (${set.readCount} read from ${set.origin}); --column all takes tasks that are not completed\n`,
    );
  return { tasks: set.items.map((i) => i.task), problems: set.problems, origin: set.origin, set };
}

/** `sessions: linked 14 Claude Code and 3 Codex sessions to 11 tasks; 2 more ran here (taskeval sessions --unlinked)` */
export function describeSessionReport(report: SessionReport): string {
  const count = (agent: string) => report.linked.filter((l) => l.session.agent === agent).length;
  const parts = SESSION_FORMATS.map((f) => `${count(f.agent)} ${f.label}`).filter((p) => !p.startsWith('0 '));
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts.join('');
  const head = parts.length
    ? `linked ${list} session${report.linked.length === 1 ? '' : 's'} to ${report.tasks} task${report.tasks === 1 ? '' : 's'}`
    : 'linked no session to a task';
  const rest = report.unlinked.length
    ? `; ${report.unlinked.length} more ran here but made none of the tasks' commits (taskeval sessions --unlinked)`
    : '';
  return `sessions: ${head}${rest}`;
}

/** Nothing named: look in the current directory, and say how to name a source when there is none. */
async function detectInCwd(io: CliIo): Promise<TaskSourceKind> {
  try {
    return await detectTaskSource(io.cwd, undefined, io.signal);
  } catch (error) {
    if (!isTaskevalError(error) || error.code !== 'source_unreadable' || error.field !== 'project') throw error;
    throw new ConfigError('usage', `no task source given, and ${error.message}`, {
      field: 'tasks',
      hint: 'Name the task records with --tasks FILE (.json or .jsonl), a project with --project DIR (Fusion project or git repository), or try `taskeval demo` to see a scorecard first.',
    });
  }
}

/** Writes each source problem (a skipped record, an unknown --task id, a bad transcript line) to stderr as a warning line. */
export function reportSourceProblems(problems: readonly SourceProblem[], io: CliIo): void {
  for (const problem of problems) io.stderr(`warning: ${terminalSafe(formatSourceProblem(problem))}\n`);
  // What the repository lacks (missing objects) is said above, but --strict is about task records: only they count.
  const records = problems.filter((p) => p.scope !== 'repository');
  if (records.length)
    io.stderr(`warning: ${records.length} problem(s) in the task sources; use --strict to make them fatal\n`);
}

/** A path the user named, which must exist: a typo is an error naming it, not an empty search. */
function existingPath(path: string, flag: string): string {
  if (!existsSync(path))
    throw new SourceError('source_unreadable', `${flag} ${path} does not exist`, {
      field: flag,
      hint: 'Name an OTLP JSON export file (or a directory of them).',
    });
  return path;
}
