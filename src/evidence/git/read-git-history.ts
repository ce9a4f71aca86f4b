import { createGitLogParser, GIT_LOG_ARGS, type RawCommit } from './git-log-parser.js';
import type { GitRunner, GitRunOptions } from './run-git.js';

/** What one read of the whole history met that the caller should report. */
export interface HistoryReadReport {
  /** Commits kept with metadata only because an object their diff needs is missing. */
  unreadableCommits: number;
  /** Objects the repository names but does not hold (partial clone, pruned snapshot). */
  missingObjects: number;
}

/** A git failure the history read cannot work around. */
export class HistoryReadError extends Error {
  constructor(
    readonly step: string,
    readonly exitCode: number,
    readonly stderr: string,
  ) {
    super(`git ${step} failed (exit ${exitCode})`);
  }
}

const MISSING_OBJECT = /unable to read|missing (?:blob|tree|object)|bad object|could not read|promisor/i;
const ZERO_SHA = /^0+$/;

/**
 * Streams every commit of every ref to onCommit, with numstat file changes. When a blob or tree is
 * missing, `git log --numstat` dies at the first commit that needs it; then the rest of the history is
 * read again per commit, and the commits that need a missing object keep their metadata and changed
 * paths with unknown line counts. Commits are delivered at most once each.
 */
export async function readGitHistory(
  run: GitRunner,
  base: GitRunOptions,
  onCommit: (commit: RawCommit) => void,
): Promise<HistoryReadReport> {
  const seen = new Set<string>();
  const deliver = (commit: RawCommit): void => {
    if (seen.has(commit.sha)) return;
    seen.add(commit.sha);
    onCommit(commit);
  };
  // Commits are emitted only once the next header arrives, so a commit git died inside is never delivered.
  const parser = createGitLogParser(deliver);
  const log = await run(GIT_LOG_ARGS, { ...base, onStdout: (chunk) => parser.push(chunk) });
  if (log.exitCode === 0) {
    parser.end();
    return { unreadableCommits: 0, missingObjects: 0 };
  }
  if (!MISSING_OBJECT.test(log.stderr)) throw new HistoryReadError('log', log.exitCode, log.stderr);

  const missing = await missingObjects(run, base);
  const raw = await changedPaths(run, base);
  const readable: string[] = [];
  const unreadable: string[] = [];
  for (const [sha, entries] of raw) {
    if (seen.has(sha)) continue;
    (entries.some((e) => missing.has(e.oldSha) || missing.has(e.newSha)) ? unreadable : readable).push(sha);
  }
  await logPerCommit(
    run,
    base,
    GIT_LOG_ARGS.filter((a) => a !== '--all'),
    readable,
    deliver,
  );
  const metadataOnly = GIT_LOG_ARGS.filter((a) => a !== '--all' && a !== '--numstat');
  await logPerCommit(run, base, metadataOnly, unreadable, (commit) => {
    commit.files = (raw.get(commit.sha) ?? []).map((e) => ({ path: e.path, insertions: null, deletions: null }));
    deliver(commit);
  });
  return { unreadableCommits: unreadable.length, missingObjects: missing.size };
}

async function logPerCommit(
  run: GitRunner,
  base: GitRunOptions,
  args: readonly string[],
  shas: readonly string[],
  onCommit: (commit: RawCommit) => void,
): Promise<void> {
  if (shas.length === 0) return;
  const parser = createGitLogParser(onCommit);
  const result = await run([...args, '--no-walk=unsorted', '--stdin'], {
    ...base,
    input: `${shas.join('\n')}\n`,
    onStdout: (chunk) => parser.push(chunk),
  });
  if (result.exitCode !== 0) throw new HistoryReadError('log --stdin', result.exitCode, result.stderr);
  parser.end();
}

async function missingObjects(run: GitRunner, base: GitRunOptions): Promise<Set<string>> {
  const result = await run(['rev-list', '--all', '--objects', '--missing=print'], base);
  if (result.exitCode !== 0) throw new HistoryReadError('rev-list --missing=print', result.exitCode, result.stderr);
  const missing = new Set<string>();
  for (const line of result.stdout.split('\n')) if (line.startsWith('?')) missing.add(line.slice(1).trim());
  return missing;
}

interface RawEntry {
  oldSha: string;
  newSha: string;
  path: string;
}

/** Every commit's changed paths with their blob ids, from `--raw`, which reads no blob content. */
async function changedPaths(run: GitRunner, base: GitRunOptions): Promise<Map<string, RawEntry[]>> {
  const result = await run(
    ['log', '--all', '--raw', '--no-abbrev', '--no-renames', '-z', '--no-color', '--format=%x1e%H'],
    base,
  );
  if (result.exitCode !== 0) throw new HistoryReadError('log --raw', result.exitCode, result.stderr);
  const commits = new Map<string, RawEntry[]>();
  for (const record of result.stdout.split('\x1e')) {
    const tokens = record.split('\0');
    const sha = tokens[0]?.trim();
    if (!sha) continue;
    const entries: RawEntry[] = [];
    for (let i = 1; i < tokens.length; i += 1) {
      const meta = tokens[i]!.replace(/^\n+/, '');
      if (!meta.startsWith(':')) continue;
      const fields = meta.slice(1).split(' ');
      const path = tokens[i + 1] ?? '';
      i += 1;
      const oldSha = fields[2] ?? '';
      const newSha = fields[3] ?? '';
      entries.push({ oldSha: ZERO_SHA.test(oldSha) ? '' : oldSha, newSha: ZERO_SHA.test(newSha) ? '' : newSha, path });
    }
    commits.set(sha, entries);
  }
  return commits;
}
