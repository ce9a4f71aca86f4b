import { dirname, resolve } from 'node:path';
import { repositoryForge } from './repository-forge.js';
import { githubForge } from '../pulls/github-forge.js';
import { ConfigError, isPullTaskId, SourceError, type Task } from '../../core/index.js';
import { buildCommitIndex, compileIdMatcher, runGit, type CommitIndex } from '../../evidence/index.js';
import { readTaskFile, readTaskHeads } from '../files/index.js';
import { readFusionProject } from '../fusion/index.js';
import { readGitPulls } from '../pulls/read-git-pulls.js';
import { readHarborJob } from '../harbor/index.js';
import { readPullExport } from '../pulls/read-pull-export.js';
import { readGithubPulls } from '../pulls/read-github-pulls.js';
import { readPullHeads, type PullHeads } from '../pulls/read-pull-heads.js';
import { linkPulls } from './link-pulls.js';
import type { SourceConfig } from '../source-config.js';
import type { SourceProblem, SourceReadResult } from '../source-read-result.js';
import { findSessionLinks, sessionIdsOf } from '../sessions/index.js';
import { linkTranscripts, sourceProblemError } from '../transcripts/index.js';
import { compareLoadedTasks } from './compare-loaded-tasks.js';
import { completedAtOf } from './completed-at.js';
import { detectTaskSource, isGitRepository } from './detect-task-source.js';
import { botAuthorNotice, identifyTasks } from './identify-tasks.js';
import { inferGitTasks } from './infer-git-tasks.js';
import { pathProjectId } from './path-project-id.js';
import { pricedTask } from './priced-task.js';
import { selectTasks } from './select-tasks.js';
import type { LoadedTask, LoadTaskSetOptions, TaskSet, TaskSourceKind } from './task-set.js';

/**
 * Loads the tasks to evaluate from one source (named or detected), merges each task's commits from the
 * repository (one pass over its history), selects by id, column and dates, and links transcripts.
 * Bad records, unknown ids and bad transcript lines are problems; with `strict` the first one throws.
 */
export async function loadTaskSet(options: LoadTaskSetOptions): Promise<TaskSet> {
  const cwd = options.cwd ?? process.cwd();
  const projectDir = resolve(cwd, options.projectDir);
  const strict = options.strict ?? false;
  const pullsFlag = options.pullsFile !== undefined ? '--pulls' : options.github !== undefined ? '--github' : null;
  const source =
    options.source ?? (pullsFlag ? 'pulls' : await detectTaskSource(projectDir, options.tasksFile, options.signal));
  if (pullsFlag && source !== 'pulls') {
    throw new ConfigError('usage', `${pullsFlag} reads pull requests, but the tasks come from the ${source} source`, {
      field: pullsFlag,
      hint: 'Leave --source out, or give --source pulls.',
    });
  }
  if (options.pullsFile !== undefined && options.github !== undefined) {
    throw new ConfigError('usage', '--pulls and --github both name where pull requests come from', {
      field: '--github',
      hint: 'Give one: --pulls FILE (an export) or --github OWNER/NAME (the API).',
    });
  }
  // Pull requests read from git need the repository; from an export or the API, a clone only adds their commits.
  const gitPulls = source === 'pulls' && !pullsFlag;
  if (source === 'files' && options.tasksFile === undefined) {
    throw new SourceError('source_unreadable', 'the files source needs a task file', {
      field: 'tasks',
      hint: 'Name the task records with --tasks FILE (.json or .jsonl).',
    });
  }
  if (options.fusionDb !== undefined && source !== 'fusion') {
    throw new ConfigError('usage', `--fusion-db reads a Fusion project, but the tasks come from the ${source} source`, {
      field: '--fusion-db',
      hint: 'Point --project at the Fusion project (the directory holding .fusion/), or leave --fusion-db out.',
    });
  }
  const index = await openIndex(options, cwd, projectDir, source);
  if ((source === 'git' || gitPulls) && !index) {
    throw new SourceError('source_unreadable', `${projectDir} is not a git repository`, {
      field: 'project',
      hint: 'Point --project (or --repo) at a git repository.',
    });
  }
  const origin =
    source === 'files'
      ? options.tasksFile!
      : (options.pullsFile ??
        (options.github ? `github:${options.github.repository}` : null) ??
        (source === 'git' || source === 'pulls' ? index!.repo : projectDir));

  // Evaluations read a JSONL task file as heads, and each task whole again only when it is evaluated.
  const heads =
    source === 'files' && options.stream && !hasTranscripts(options)
      ? await readTaskHeads(options.tasksFile!, {
          cwd,
          strict,
          ...(options.onRecords ? { onRecords: options.onRecords } : {}),
        })
      : null;
  const read: SourceReadResult = heads ?? (await readSource(source, options, cwd, projectDir, index!));
  const problems: SourceProblem[] = [
    ...read.problems,
    ...(index?.warnings ?? []).map((message) => ({ path: index!.repo, message, scope: 'repository' as const })),
  ];
  const loaded: LoadedTask[] = read.tasks.map((task) => ({
    task,
    commits: null,
    history: null,
    completedAt: completedAtOf(task, index?.lastCommitAt(task.id) ?? null),
    createdAt: task.createdAt ?? null,
  }));
  const selection = selectTasks(
    loaded,
    {
      // Pull requests are all taken: one closed without merging is the failure they are scored for.
      column: options.column ?? (source === 'files' || source === 'pulls' ? 'all' : 'done'),
      ...(options.taskIds ? { taskIds: options.taskIds } : {}),
      ...(options.since !== undefined ? { since: options.since } : {}),
      ...(options.until !== undefined ? { until: options.until } : {}),
      ...(options.window ? { window: options.window } : {}),
    },
    origin,
    source === 'files' ? origin : `the ${source} source at ${origin}`,
  );
  if (strict && selection.problems[0]) throw sourceProblemError(selection.problems[0], 'source_invalid');
  problems.push(...selection.problems);
  const order = options.order ?? (source === 'files' ? 'source' : 'completion');
  const ordered = order === 'completion' ? [...selection.items].sort(compareLoadedTasks) : selection.items;
  const projectId = read.projectId ?? pathProjectId(projectDir);
  const items = options.choose ? [...(await options.choose(ordered, projectId))] : ordered;
  if (index) for (const item of items) attachCommits(item, index, options.hindsight ?? true, read.ownCommits);
  const sessionKeys = options.sessions?.trailerKeys ?? options.config?.sessions?.trailerKeys ?? [];
  if (sessionKeys.length > 0) for (const item of items) markSessionTrailers(item, sessionKeys);
  const sessions = index && options.sessions ? await findSessionLinks(items, index.repo, options.sessions) : null;
  // Pull requests and the tasks they name are linked both ways (a clone without pull request heads links none).
  const pullHeads = index && source !== 'pulls' ? await pullHeadsOrNone(index.repo, options.signal) : null;
  /** What a task's record gets from its surroundings: pull requests, sessions, transcripts, identity and prices. */
  const enrich = async (chunk: LoadedTask[]): Promise<SourceProblem[]> => {
    linkPulls(chunk, {
      ids: compileIdMatcher(options.config?.idPattern),
      heads: pullHeads?.pulls ?? null,
      hindsight: options.hindsight ?? true,
    });
    await sessions?.apply(chunk);
    const linked = await attachTranscripts(
      chunk,
      options.config,
      options.transcriptsDir,
      cwd,
      options.configDir ?? projectDir,
      strict,
    );
    identifyTasks(chunk, index, options.config?.agents, unnamedAuthors);
    const prices = options.config?.prices;
    if (prices) for (const item of chunk) item.task = pricedTask(item.task, prices);
    return linked;
  };
  const unnamedAuthors = new Map<string, number>();
  if (!heads) problems.push(...(await enrich(items)));
  const botNotice = botAuthorNotice(unnamedAuthors);

  return {
    source,
    projectDir,
    projectId,
    repo: index?.repo ?? null,
    forge: options.github
      ? githubForge(options.github.repository, options.github.baseUrl)
      : index
        ? await repositoryForge(index.repo, options.signal)
        : null,
    commitIndex: index,
    items,
    readCount: read.tasks.length,
    selectedCount: ordered.length,
    problems,
    origin,
    sessions: sessions?.report ?? null,
    notices: [...(read.notices ?? []), ...(botNotice ? [botNotice] : [])],
    expand: heads
      ? async <T extends LoadedTask>(chunk: readonly T[]): Promise<T[]> => {
          const whole = await heads.readWhole(chunk.map((item) => item.task.id));
          const out = chunk.map((item, i) => ({ ...item, task: whole[i]! }));
          await enrich(out);
          return out;
        }
      : null,
  };
}

/**
 * The repository: --repo (which must be git); for a task file, the repository that contains the file (never
 * the directory the command happens to run in); otherwise projectDir when it is one; else none.
 */
async function openIndex(
  options: LoadTaskSetOptions,
  cwd: string,
  projectDir: string,
  source: TaskSourceKind,
): Promise<CommitIndex | null> {
  let repo: string | null = options.repo === undefined ? null : resolve(cwd, options.repo);
  if (repo === null && source === 'files')
    repo = await repositoryContaining(dirname(resolve(cwd, options.tasksFile!)), options.signal);
  else if (
    repo === null &&
    (source === 'git' ||
      (source === 'pulls' && options.pullsFile === undefined && options.github === undefined) ||
      // A Harbor job's trials ran in containers: their commits are not in the directory the job was written to.
      (source !== 'harbor' && (await isGitRepository(projectDir, options.signal))))
  )
    repo = projectDir;
  if (repo === null) return null;
  return buildCommitIndex({
    repo,
    ...(options.config?.trailerKeys ? { trailerKeys: options.config.trailerKeys } : {}),
    ...(options.config?.idPattern ? { idPattern: options.config.idPattern } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onHistoryProgress ? { onProgress: options.onHistoryProgress } : {}),
    ...(options.historyCache ? { cache: options.historyCache } : {}),
  });
}

/** The top of the git work tree holding `dir`, or null when it is in none. */
async function repositoryContaining(dir: string, signal?: AbortSignal): Promise<string | null> {
  if (!(await isGitRepository(dir, signal))) return null;
  const top = await runGit(['rev-parse', '--show-toplevel'], signal ? { cwd: dir, signal } : { cwd: dir });
  return top.exitCode === 0 && top.stdout.trim() ? top.stdout.trim() : null;
}

async function readSource(
  source: TaskSourceKind,
  options: LoadTaskSetOptions,
  cwd: string,
  projectDir: string,
  index: CommitIndex | null,
): Promise<SourceReadResult> {
  const strict = options.strict ?? false;
  if (source === 'files') return readTaskFile(options.tasksFile!, { cwd, strict });
  if (source === 'fusion')
    return readFusionProject(projectDir, {
      strict,
      ...(options.fusionDb !== undefined ? { fusionDb: options.fusionDb } : {}),
    });
  if (source === 'pulls' && options.pullsFile !== undefined)
    return readPullExport(options.pullsFile, { cwd, hindsight: options.hindsight ?? true });
  if (source === 'pulls' && options.github !== undefined)
    return readGithubPulls({
      ...options.github,
      // `--task PR-<N>` alone: fetch those pull requests by number instead of listing them all.
      ...(options.taskIds?.length && options.taskIds.every(isPullTaskId)
        ? { numbers: options.taskIds.map((id) => Number(id.slice(3))) }
        : {}),
      hindsight: options.hindsight ?? true,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  if (source === 'pulls') return readGitPulls(index!.repo, options.signal, { hindsight: options.hindsight ?? true });
  if (source === 'harbor') return readHarborJob(projectDir);
  return { tasks: inferGitTasks(index!), problems: [] };
}

function attachCommits(
  item: LoadedTask,
  index: CommitIndex,
  hindsight: boolean,
  ownCommits?: ReadonlyMap<string, readonly string[]>,
): void {
  const { task } = item;
  const known = ownCommits?.get(task.id);
  // A pull request's own line is known exactly; a commit in it that names a task is still the pull request's.
  let commits = known
    ? known.flatMap((sha) => index.commit(sha) ?? [])
    : index.commitsFor({
        id: task.id,
        baseCommitSha: task.baseCommitSha ?? null,
        mergeCommitSha: task.mergeDetails?.commitSha ?? null,
        branch: task.branch ?? null,
      });
  // At evaluation time a commit made after the task completed did not exist yet.
  const completed = hindsight ? Number.NaN : Date.parse(item.completedAt ?? '');
  if (!Number.isNaN(completed)) commits = commits.filter((c) => Date.parse(c.date) <= completed);
  item.commits = commits;
  const history = index.historyFor(
    task.id,
    commits.map((c) => c.sha),
  );
  const prior = index.priorActivity(commits);
  // An incomplete history is said on every task read from it: its commits, sizes or dates may be missing.
  const gaps = index.gaps.length > 0 ? { gaps: [...index.gaps] } : {};
  item.history = hindsight
    ? { ...history, hindsight: true, prior, ...gaps }
    : {
        reverted: false,
        revertShas: [],
        laterFixShas: [],
        firstCommitAt: history.firstCommitAt,
        lastCommitAt: history.lastCommitAt,
        hindsight: false,
        prior,
        ...gaps,
      };
}

/** Commits carrying a configured session trailer count as traced to their task (copies: one commit may serve several tasks). */
function markSessionTrailers(item: LoadedTask, keys: readonly string[]): void {
  item.commits =
    item.commits?.map((c) => (sessionIdsOf(c.trailers, keys).length > 0 ? { ...c, sessionTrailer: true } : c)) ?? null;
}

/** True when transcripts are to be linked (a flag or the config names where they are). */
function hasTranscripts(options: LoadTaskSetOptions): boolean {
  return (
    options.transcriptsDir !== undefined ||
    options.config?.transcripts?.dir !== undefined ||
    options.config?.transcripts?.pattern !== undefined
  );
}

async function attachTranscripts(
  items: LoadedTask[],
  config: SourceConfig | undefined,
  flagDir: string | undefined,
  cwd: string,
  configDir: string,
  strict: boolean,
): Promise<SourceProblem[]> {
  const dir =
    flagDir !== undefined
      ? resolve(cwd, flagDir)
      : config?.transcripts?.dir !== undefined
        ? resolve(configDir, config.transcripts.dir)
        : undefined;
  const pattern = config?.transcripts?.pattern;
  if (dir === undefined && pattern === undefined) return [];
  const result = await linkTranscripts(
    items.map((i) => i.task),
    { ...(dir !== undefined ? { dir } : {}), ...(pattern !== undefined ? { pattern } : {}), cwd: configDir, strict },
  );
  result.tasks.forEach((task: Task, i) => {
    items[i]!.task = task;
  });
  return result.problems;
}

/** The clone's pull request heads for linking; none when it has none or no default branch to read them by. */
async function pullHeadsOrNone(repo: string, signal?: AbortSignal): Promise<PullHeads | null> {
  try {
    return await readPullHeads(repo, signal);
  } catch (error) {
    if (error instanceof SourceError && error.code === 'source_invalid') return null;
    throw error;
  }
}
