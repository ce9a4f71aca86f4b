import { readFile, stat } from 'node:fs/promises';
import { resolve as resolvePath } from 'node:path';
import { ConfigError, SourceError } from '../../core/index.js';
import { CommitIndexBuilder } from './commit-index-builder.js';
import type { CommitIndex } from './commit-index.js';
import { compileIdMatcher, DEFAULT_ID_PATTERN } from './compile-id-matcher.js';
import { createCommitIndex } from './create-commit-index.js';
import { HistoryReadError, readGitHistory } from './read-git-history.js';
import { runGit, type GitRunner } from './run-git.js';

/** Trailer keys that name a task unless configured otherwise. */
export const DEFAULT_TRAILER_KEYS: readonly string[] = ['Fusion-Task-Id', 'Task-Id'];

export interface BuildCommitIndexOptions {
  /** A checkout, a linked worktree or a bare repository. */
  repo: string;
  trailerKeys?: string[];
  idPattern?: string;
  signal?: AbortSignal;
  /** Replaces the git runner, for tests that count or fake processes. */
  runGit?: GitRunner;
  /** Called with the number of commits read so far, as the history streams in. */
  onProgress?: (commits: number) => void;
}

const EXPECTED = 'expected a git checkout, a linked worktree or a bare repository';
const HINT = 'pass --repo with the path of the repository the tasks were worked in';

/**
 * Reads the whole history once (`git log --all -z --numstat`, streamed and parsed as it arrives) plus one
 * `for-each-ref` for branch tips, and indexes commits by the task ids they name.
 */
export async function buildCommitIndex(options: BuildCommitIndexOptions): Promise<CommitIndex> {
  const run = options.runGit ?? runGit;
  const trailerKeys = options.trailerKeys ?? [...DEFAULT_TRAILER_KEYS];
  if (trailerKeys.length === 0 || trailerKeys.some((k) => !/^[A-Za-z0-9][A-Za-z0-9-]*$/.test(k))) {
    throw new ConfigError('invalid_config', `sources.trailerKeys: ${JSON.stringify(trailerKeys)} must be a non-empty list of trailer keys such as "Fusion-Task-Id"`, {
      field: 'sources.trailerKeys',
    });
  }
  const ids = compileIdMatcher(options.idPattern ?? DEFAULT_ID_PATTERN);
  const repo = resolvePath(options.repo);
  const signal = options.signal;
  const base = signal ? { cwd: repo, signal } : { cwd: repo };

  const info = await stat(repo).catch(() => null);
  if (!info?.isDirectory()) {
    throw new SourceError('source_unreadable', `${repo} ${info ? 'is not a directory' : 'does not exist'}: ${EXPECTED}`, {
      field: 'repo',
      hint: HINT,
    });
  }
  const check = await run(['rev-parse', '--git-dir'], base);
  if (check.exitCode !== 0) {
    throw new SourceError('source_unreadable', `${repo} is not a git repository (${firstLine(check.stderr)}): ${EXPECTED}`, {
      field: 'repo',
      hint: HINT,
    });
  }

  const builder = new CommitIndexBuilder({ trailerKeys: new Set(trailerKeys.map((k) => k.toLowerCase())), ids });
  let read = 0;
  const [history, refs, shallow] = await Promise.all([
    readGitHistory(run, base, (commit) => {
      builder.add(commit);
      read += 1;
      if (read % 1000 === 0) options.onProgress?.(read);
    }).catch((error: unknown) => {
      if (error instanceof HistoryReadError) throw unreadable(repo, error.step, error.exitCode, error.stderr);
      throw error;
    }),
    run(['for-each-ref', '--format=%(objectname) %(refname)', 'refs/heads', 'refs/remotes'], base),
    run(['rev-parse', '--is-shallow-repository'], base),
  ]);
  options.onProgress?.(read);
  if (refs.exitCode !== 0) throw unreadable(repo, 'for-each-ref', refs.exitCode, refs.stderr);
  const warnings: string[] = [];
  const data = builder.finish(repo, refs.stdout);
  let boundary: { boundary: ReadonlySet<number>; wholeSince: number } | null = null;
  if (shallow.exitCode === 0 && shallow.stdout.trim() === 'true') {
    boundary = await shallowBoundary(run, base, data.bySha, data.commits);
    const since = boundary ? ` before ${new Date(boundary.wholeSince * 1000).toISOString()}` : '';
    warnings.push(
      `${repo} is a shallow clone: commits before its boundary are missing, so the boundary commits' line counts and the history${since} ` +
        'are treated as unknown, and tasks may lose commits (fetch the whole history: git fetch --unshallow, or fetch-depth: 0 in CI)',
    );
  }
  if (history.unreadableCommits > 0) {
    warnings.push(
      `${history.missingObjects} object(s) are missing from ${repo} (a partial clone or pruned snapshot): ` +
        `${history.unreadableCommits} commit(s) are kept with their changed paths but unknown line counts`,
    );
  }
  return createCommitIndex({ ...data, warnings, shallow: boundary });
}

/** The commits `.git/shallow` lists, and the newest of their times: history before it is cut off. */
async function shallowBoundary(run: GitRunner, base: { cwd: string; signal?: AbortSignal }, bySha: ReadonlyMap<string, number>, commits: readonly { authorTime: number }[]) {
  const where = await run(['rev-parse', '--git-path', 'shallow'], base);
  if (where.exitCode !== 0) return null;
  const text = await readFile(resolvePath(base.cwd, where.stdout.trim()), 'utf8').catch(() => '');
  const boundary = new Set(text.split('\n').flatMap((sha) => bySha.get(sha.trim().toLowerCase()) ?? []));
  if (boundary.size === 0) return null;
  return { boundary, wholeSince: Math.max(...[...boundary].map((i) => commits[i]!.authorTime)) };
}

function unreadable(repo: string, step: string, exitCode: number, stderr: string): SourceError {
  return new SourceError('source_unreadable', `git ${step} failed in ${repo} (exit ${exitCode}): ${firstLine(stderr)}`, {
    field: 'repo',
    hint: 'check that the repository is readable and not corrupt (git fsck)',
  });
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0]?.trim() || 'no error output';
}
