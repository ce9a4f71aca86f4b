import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** Environment for git in tests: fixed identity, no system or global config. */
export function gitTestEnv(date?: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    GIT_AUTHOR_NAME: 'Ada Tester',
    GIT_AUTHOR_EMAIL: 'ada@example.test',
    GIT_COMMITTER_NAME: 'Ada Tester',
    GIT_COMMITTER_EMAIL: 'ada@example.test',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}),
  };
}

export interface TestCommit {
  subject: string;
  body?: string;
  /** Path → new content; null deletes the file. */
  files?: Record<string, string | Buffer | null>;
  /** Author and committer date as git accepts it; defaults to one minute after the previous commit. */
  date?: string;
}

/** A real repository in a temp dir, driven with execFile('git'), never a shell. */
export interface GitTestRepo {
  readonly root: string;
  readonly dir: string;
  /** Runs git at the repository clock's time, or at `date` (author and committer) when given. */
  git(args: string[], cwd?: string, date?: string): Promise<string>;
  commit(commit: TestCommit): Promise<string>;
  /** Moves the repository clock one minute on; git commands run at the clock's time. */
  tick(): void;
  cleanup(): Promise<void>;
}

/** Creates an empty repository on branch main under a fresh temp dir. */
export async function createGitTestRepo(): Promise<GitTestRepo> {
  const root = await mkdtemp(join(tmpdir(), 'taskeval-git-'));
  const dir = join(root, 'repo');
  await mkdir(dir);
  let clock = Date.parse('2026-01-01T00:00:00Z');
  let nextDate: string | undefined;
  const git = async (args: string[], cwd = dir, date?: string): Promise<string> => {
    const { stdout } = await exec('git', args, {
      cwd,
      env: gitTestEnv(date ?? nextDate ?? new Date(clock).toISOString()),
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  };
  await git(['init', '-q', '-b', 'main']);
  return {
    root,
    dir,
    git,
    async commit({ subject, body, files = {}, date }) {
      for (const [path, content] of Object.entries(files)) {
        const full = join(dir, path);
        if (content === null) {
          await git(['rm', '-q', '--', path]);
          continue;
        }
        await mkdir(dirname(full), { recursive: true });
        await writeFile(full, content);
        await git(['add', '--', path]);
      }
      clock += 60_000;
      nextDate = date ?? new Date(clock).toISOString();
      const message = body === undefined ? subject : `${subject}\n\n${body}`;
      try {
        await git(['commit', '-q', '--allow-empty', '-m', message]);
      } finally {
        nextDate = undefined;
      }
      return (await git(['rev-parse', 'HEAD'])).trim();
    },
    tick() {
      clock += 60_000;
    },
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}
