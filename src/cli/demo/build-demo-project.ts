import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { SourceError } from '../../core/index.js';
import { DEMO_COMMITS, type DemoCommit } from './demo-scenario.js';
import { demoTasks } from './demo-tasks.js';

const exec = promisify(execFile);

/** The file the demo writes its task records to, in the repository root. */
export const DEMO_TASKS_FILE = 'tasks.jsonl';

export interface DemoProject {
  dir: string;
  tasksPath: string;
  /** Commit sha by scenario key. */
  shas: Record<string, string>;
}

/** Builds the demo in `dir`: a real git repository with the scenario's commits, and tasks.jsonl beside it. */
export async function buildDemoProject(dir: string, signal?: AbortSignal): Promise<DemoProject> {
  const git = gitIn(dir, signal);
  await git(['init', '-q', '-b', 'main'], DEMO_COMMITS[0]!.at);
  const shas: Record<string, string> = {};
  for (const commit of DEMO_COMMITS) {
    if (commit.revertOf) await git(['revert', '--no-commit', shas[commit.revertOf]!], commit.at);
    for (const [path, content] of Object.entries(commit.files ?? {})) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), content);
    }
    await git(['add', '-A'], commit.at);
    await git(['commit', '-q', '-m', commitMessage(commit, shas)], commit.at);
    shas[commit.key] = (await git(['rev-parse', 'HEAD'], commit.at)).trim();
  }
  const tasksPath = join(dir, DEMO_TASKS_FILE);
  await writeFile(
    tasksPath,
    demoTasks(shas)
      .map((t) => JSON.stringify(t))
      .join('\n') + '\n',
  );
  return { dir, tasksPath, shas };
}

function commitMessage(commit: DemoCommit, shas: Record<string, string>): string {
  const paragraphs = [commit.subject];
  if (commit.body) paragraphs.push(commit.body);
  if (commit.revertOf) paragraphs.push(`This reverts commit ${shas[commit.revertOf]}.`);
  else if (commit.taskId) paragraphs.push(`Fusion-Task-Id: ${commit.taskId}`);
  return paragraphs.join('\n\n');
}

/** git in the demo directory with a fixed identity and date, independent of the user's git config. */
function gitIn(dir: string, signal?: AbortSignal) {
  return async (args: string[], at: string): Promise<string> => {
    const env: NodeJS.ProcessEnv = {
      ...withoutRepoOverrides(process.env),
      GIT_AUTHOR_NAME: 'Demo Agent',
      GIT_AUTHOR_EMAIL: 'agent@demo.taskeval.invalid',
      GIT_COMMITTER_NAME: 'Demo Agent',
      GIT_COMMITTER_EMAIL: 'agent@demo.taskeval.invalid',
      GIT_AUTHOR_DATE: at,
      GIT_COMMITTER_DATE: at,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_TERMINAL_PROMPT: '0',
    };
    try {
      const { stdout } = await exec('git', ['-c', 'commit.gpgsign=false', ...args], {
        cwd: dir,
        env,
        ...(signal ? { signal } : {}),
      });
      return stdout;
    } catch (error) {
      if (signal?.aborted) throw new SourceError('cancelled', 'the demo was interrupted', { cause: error });
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      throw new SourceError(
        'source_unreadable',
        missing
          ? 'git was not found on PATH; the demo builds a real git repository'
          : `git ${args[0]} failed in ${dir}: ${(error as Error).message}`,
        {
          cause: error,
          hint: missing
            ? 'Install git (2.20 or newer) and run `taskeval demo` again.'
            : 'Check that the directory is writable and git works (`git --version`).',
        },
      );
    }
  };
}

/** A GIT_DIR or GIT_INDEX_FILE from a calling hook would point git at another repository. */
function withoutRepoOverrides(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  for (const key of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY', 'GIT_CEILING_DIRECTORIES'])
    delete copy[key];
  return copy;
}
