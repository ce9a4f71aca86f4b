import type { ChangeHunk, TaskChange } from '../change-hunk.js';
import { classifyPath } from './classify-path.js';
import { runGit, type GitRunner } from './run-git.js';

/** Diff text read for one task at most: enough for the hunks the bundle shows, never a whole generated file's. */
export const MAX_CHANGE_BYTES = 4 * 1024 * 1024;

const RECORD = '\u0001';

/**
 * The hunks of a task's own commits, read with one `git show` (two lines of context, merges left out since their
 * change is their parents'). Reads at most MAX_CHANGE_BYTES; a commit git cannot show gives no hunks, not an error.
 */
export async function readChangeHunks(
  repo: string,
  commits: readonly { sha: string; date: string }[],
  options: { runner?: GitRunner; signal?: AbortSignal } = {},
): Promise<TaskChange> {
  if (commits.length === 0) return { hunks: [], cut: false };
  const dates = new Map(commits.map((c) => [c.sha, c.date]));
  const chunks: Buffer[] = [];
  let bytes = 0;
  let cut = false;
  const result = await (options.runner ?? runGit)(
    [
      'show',
      '--no-color',
      '--no-ext-diff',
      '--no-textconv',
      '--diff-merges=off',
      '-U2',
      `--format=format:${RECORD}%H`,
      ...commits.map((c) => c.sha),
      '--',
    ],
    {
      cwd: repo,
      ...(options.signal ? { signal: options.signal } : {}),
      onStdout: (chunk) => {
        if (bytes >= MAX_CHANGE_BYTES) return void (cut = true);
        chunks.push(chunk);
        bytes += chunk.length;
      },
    },
  );
  if (result.exitCode !== 0 && bytes === 0) return { hunks: [], cut: false };
  const text = Buffer.concat(chunks).subarray(0, MAX_CHANGE_BYTES).toString('utf8');
  if (bytes > MAX_CHANGE_BYTES) cut = true;
  return { hunks: parseShowOutput(text, dates), cut };
}

/** Splits `git show` output into hunks per commit and file. */
export function parseShowOutput(text: string, dates: ReadonlyMap<string, string>): ChangeHunk[] {
  const hunks: ChangeHunk[] = [];
  for (const record of text.split(RECORD)) {
    const newline = record.indexOf('\n');
    if (newline < 0) continue;
    const sha = record.slice(0, newline).trim();
    const date = dates.get(sha) ?? '';
    let path: string | null = null;
    let current: ChangeHunk | null = null;
    const lines: string[] = [];
    const close = () => {
      if (current) {
        current.text = lines.join('\n');
        hunks.push(current);
      }
      current = null;
      lines.length = 0;
    };
    for (const line of record.slice(newline + 1).split('\n')) {
      if (line.startsWith('diff --git ')) {
        close();
        path = null;
      } else if (line.startsWith('+++ ')) {
        const target = line.slice(4);
        path = target === '/dev/null' ? path : target.replace(/^b\//, '');
      } else if (line.startsWith('--- ')) {
        const source = line.slice(4);
        if (source !== '/dev/null') path = source.replace(/^a\//, '');
      } else if (line.startsWith('@@') && path !== null) {
        close();
        current = { sha, date, path, kind: classifyPath(path), header: line, text: '', added: 0, removed: 0 };
      } else if (current && (line.startsWith('+') || line.startsWith('-') || line.startsWith(' '))) {
        lines.push(line);
        if (line.startsWith('+')) (current as ChangeHunk).added += 1;
        else if (line.startsWith('-')) (current as ChangeHunk).removed += 1;
      }
    }
    close();
  }
  return hunks;
}
