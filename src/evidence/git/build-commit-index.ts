import { readFile, stat } from 'node:fs/promises';
import { resolve as resolvePath } from 'node:path';
import { ConfigError, SourceError } from '../../core/index.js';
import { CommitIndexBuilder } from './commit-index-builder.js';
import type { CommitIndex } from './commit-index.js';
import type { CommitTable } from './commit-table.js';
import { compileIdMatcher, DEFAULT_ID_PATTERN } from './compile-id-matcher.js';
import { createCommitIndex } from './create-commit-index.js';
import {
  encodeKeptSegment,
  historyCacheKey,
  loadHistoryHead,
  loadHistorySegments,
  MAX_HISTORY_SEGMENTS,
  parentsByPosition,
  saveHistorySegment,
  type CommitHistoryCache,
  type EncodedKeptSegment,
} from './commit-history-cache.js';
import { HistorySegmentEncoder } from './history-segment-codec.js';
import { indexTablesOf } from './commit-index-tables.js';
import { indexFromKept } from './index-from-kept.js';
import { createGitLogParser, GIT_LOG_ARGS, type RawCommit } from './git-log-parser.js';
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
  /**
   * Keeps the history between runs, keyed by the repository and attribution rules: a later build reads
   * only the commits its ref tips do not reach yet (`git log --all --not <old tips>`), or none at all.
   */
  cache?: CommitHistoryCache;
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
    throw new ConfigError(
      'invalid_config',
      `sources.trailerKeys: ${JSON.stringify(trailerKeys)} must be a non-empty list of trailer keys such as "Fusion-Task-Id"`,
      {
        field: 'sources.trailerKeys',
      },
    );
  }
  const ids = compileIdMatcher(options.idPattern ?? DEFAULT_ID_PATTERN);
  const repo = resolvePath(options.repo);
  const signal = options.signal;
  const base = signal ? { cwd: repo, signal } : { cwd: repo };

  const info = await stat(repo).catch(() => null);
  if (!info?.isDirectory()) {
    throw new SourceError(
      'source_unreadable',
      `${repo} ${info ? 'is not a directory' : 'does not exist'}: ${EXPECTED}`,
      {
        field: 'repo',
        hint: HINT,
      },
    );
  }
  // Whether it is a repository is asked beside the first reads, not before them; a failure is named first.
  const checking = run(['rev-parse', '--git-dir'], base);

  const rules = { trailerKeys: new Set(trailerKeys.map((k) => k.toLowerCase())), ids };
  const builder = new CommitIndexBuilder(rules);
  const cache = options.cache;
  // With a cache, a whole read is put in columns as it streams in (git is the slower side), ready to keep.
  // (A read of new commits since a kept history goes through its own parser, not through here.)
  let encoder: HistorySegmentEncoder | null = null;
  let read = 0;
  let badDates = 0;
  const onCommit = (commit: RawCommit) => {
    if (commit.badDate) badDates += 1;
    const att = builder.add(commit);
    if (att) encoder?.add(commit, att);
    read += 1;
    if (read % 1000 === 0) options.onProgress?.(read);
  };
  const readAll = () =>
    readGitHistory(run, base, onCommit).catch((error: unknown) => {
      if (error instanceof HistoryReadError) throw unreadable(repo, error.step, error.exitCode, error.stderr);
      throw error;
    });
  // Without a cache the whole read starts at once, alongside the ref listing, as before.
  const wholeRead = cache ? null : readAll();
  // Its failure is reported where it is awaited; until then it must not count as unhandled.
  wholeRead?.catch(() => undefined);
  const [check, refs, shallow, tips] = await Promise.all([
    checking,
    // Pull request heads (refs/pull/N/head, once fetched) are tips too: the pulls source walks each from its base.
    run(['for-each-ref', '--format=%(objectname) %(refname)', 'refs/heads', 'refs/remotes', 'refs/pull'], base),
    run(['rev-parse', '--is-shallow-repository'], base),
    cache ? currentTips(run, base) : Promise.resolve(null),
  ]);
  if (check.exitCode !== 0) {
    throw new SourceError(
      'source_unreadable',
      `${repo} is not a git repository (${firstLine(check.stderr)}): ${EXPECTED}`,
      {
        field: 'repo',
        hint: HINT,
      },
    );
  }
  const isShallow = shallow.exitCode === 0 && shallow.stdout.trim() === 'true';
  const key = historyCacheKey(repo, trailerKeys, options.idPattern ?? DEFAULT_ID_PATTERN);
  // A shallow clone's history changes under the same tips as it deepens: never cached.
  const head = cache && tips && !isShallow ? await loadHistoryHead(cache, key) : null;
  // A failed save costs the next run a whole read, nothing more.
  const save = (segment: number, data: EncodedKeptSegment) =>
    saveHistorySegment(cache!, key, segment, tips!, data).catch(() => undefined);

  if (cache && head && tips && refs.exitCode === 0) {
    const unchanged = sameList(head.tips, tips);
    // git reads the new commits while the kept ones are loaded.
    const [fresh, segments] = await Promise.all([
      unchanged ? Promise.resolve([]) : readSince(run, base, head.tips),
      loadHistorySegments(cache, key, head.segments),
    ]);
    const kept = segments && fresh ? indexFromKept({ repo, segments, fresh, rules, refsText: refs.stdout }) : null;
    if (kept && fresh) {
      options.onProgress?.(kept.table.size);
      if (fresh.length > 0 && head.segments < MAX_HISTORY_SEGMENTS) {
        // Only the new commits are written, as the next segment, with their share of the tables.
        const from = kept.table.size - fresh.length;
        await save(
          head.segments,
          encodeKeptSegment({
            commits: fresh,
            attributions: kept.freshAttributions,
            tables: indexTablesOf(kept.data, from, kept.table.size),
          }),
        );
      } else if (fresh.length > 0) {
        // Past the last segment the history is kept again as one, newest first as a whole read gives it.
        for (const i of kept.table.newestFirstPositions())
          builder.addAttributed(kept.table.commit(i), kept.table.attribution(i));
        const data = builder.finish(repo, refs.stdout);
        const all = builder.added();
        await save(0, encodeKeptSegment({ ...all, tables: indexTablesOf(data, 0, all.commits.length) }));
        return createCommitIndex({ ...data, warnings: [], shallow: null });
      }
      return createCommitIndex({ ...kept.data, warnings: [], shallow: null });
    }
  }
  // A kept history that could not be used (none, rewritten, damaged) is read whole again, and kept anew.
  if (cache) encoder = new HistorySegmentEncoder();
  const history = await (wholeRead ?? readAll());
  options.onProgress?.(read);
  if (refs.exitCode !== 0) throw unreadable(repo, 'for-each-ref', refs.exitCode, refs.stderr);
  const data = builder.finish(repo, refs.stdout);
  if (cache && tips && !isShallow && history.unreadableCommits === 0 && badDates === 0) {
    const tables = indexTablesOf(data, 0, builder.added().commits.length);
    await save(0, { encoded: encoder!.finish(parentsByPosition(tables)), tables });
  }
  const warnings: string[] = [];
  const gaps: string[] = [];
  let boundary: { boundary: ReadonlySet<number>; wholeSince: number } | null = null;
  if (isShallow) {
    boundary = await shallowBoundary(run, base, data.table);
    const since = boundary ? ` before ${new Date(boundary.wholeSince * 1000).toISOString()}` : '';
    warnings.push(
      `${repo} is a shallow clone: commits before its boundary are missing, so the boundary commits' line counts and the history${since} ` +
        'are treated as unknown, and tasks may lose commits (fetch the whole history: git fetch --unshallow, or fetch-depth: 0 in CI)',
    );
    gaps.push(`shallow clone: history${since} missing`);
  }
  if (history.unreadableCommits > 0) {
    warnings.push(
      `${history.missingObjects} object(s) are missing from ${repo} (a partial clone or pruned snapshot): ` +
        `${history.unreadableCommits} commit(s) are kept with their changed paths but unknown line counts`,
    );
    gaps.push(
      `${history.missingObjects} object(s) missing (partial clone): line counts of ${history.unreadableCommits} commit(s) unknown`,
    );
  }
  if (badDates > 0) {
    warnings.push(
      `${badDates} commit(s) in ${repo} have a date git cannot give (before 1970, or a damaged header); their times read as the other date they carry, or 1970`,
    );
    gaps.push(`${badDates} commit(s) with unreadable dates`);
  }
  return createCommitIndex({ ...data, warnings, gaps, shallow: boundary });
}

/** Every ref's target and HEAD, sorted: what `git log --all` starts from. */
async function currentTips(run: GitRunner, base: { cwd: string; signal?: AbortSignal }): Promise<string[] | null> {
  const [refs, head] = await Promise.all([
    run(['for-each-ref', '--format=%(objectname)'], base),
    run(['rev-parse', '--verify', '-q', 'HEAD'], base),
  ]);
  if (refs.exitCode !== 0) return null;
  const tips = new Set(
    refs.stdout
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
  );
  if (head.exitCode === 0 && head.stdout.trim()) tips.add(head.stdout.trim());
  return [...tips].sort();
}

/**
 * The commits the old tips do not reach, newest first; null when a branch was deleted or rewritten
 * since (the kept history no longer holds) or git failed: the whole history is read again.
 */
async function readSince(
  run: GitRunner,
  base: { cwd: string; signal?: AbortSignal },
  oldTips: readonly string[],
): Promise<RawCommit[] | null> {
  const commits: RawCommit[] = [];
  const parser = createGitLogParser((commit) => commits.push(commit));
  // The rewrite check and the read run at once; the read is thrown away when a branch was rewritten.
  const [grew, fresh] = await Promise.all([
    onlyGrew(run, base, oldTips),
    run([...GIT_LOG_ARGS, '--not', ...oldTips], { ...base, onStdout: (chunk) => parser.push(chunk) }),
  ]);
  if (!grew || fresh.exitCode !== 0) return null;
  parser.end();
  return commits;
}

/** Whether every commit the old tips reached is still reachable: no branch deleted or rewritten since. */
async function onlyGrew(
  run: GitRunner,
  base: { cwd: string; signal?: AbortSignal },
  oldTips: readonly string[],
): Promise<boolean> {
  if (oldTips.length === 0) return true;
  const lost = await run(['rev-list', '--count', ...oldTips, '--not', '--all'], base);
  return lost.exitCode === 0 && lost.stdout.trim() === '0';
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The commits `.git/shallow` lists, and the newest of their times: history before it is cut off. */
async function shallowBoundary(run: GitRunner, base: { cwd: string; signal?: AbortSignal }, table: CommitTable) {
  const where = await run(['rev-parse', '--git-path', 'shallow'], base);
  if (where.exitCode !== 0) return null;
  const text = await readFile(resolvePath(base.cwd, where.stdout.trim()), 'utf8').catch(() => '');
  const boundary = new Set(text.split('\n').flatMap((sha) => table.position(sha.trim().toLowerCase()) ?? []));
  if (boundary.size === 0) return null;
  return { boundary, wholeSince: Math.max(...[...boundary].map((i) => table.authorTime(i))) };
}

function unreadable(repo: string, step: string, exitCode: number, stderr: string): SourceError {
  return new SourceError(
    'source_unreadable',
    `git ${step} failed in ${repo} (exit ${exitCode}): ${firstLine(stderr)}`,
    {
      field: 'repo',
      hint: 'check that the repository is readable and not corrupt (git fsck)',
    },
  );
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0]?.trim() || 'no error output';
}
