import { SourceError, TaskSchema, type Task } from '../../core/index.js';
import { runGit } from '../../evidence/index.js';
import type { SourceReadResult } from '../source-read-result.js';
import { readPullGraph } from './read-pull-graph.js';

/** How a pull request's head is fetched into a clone, for messages. */
export const FETCH_PULLS = "git fetch origin '+refs/pull/*/head:refs/pull/*/head'";

/** A pull request's own line is cut here, as `git log -n` did. */
const MAX_OWN_COMMITS = 1000;
const PULL_REF = /^refs\/pull\/(\d+)\/head$/;

/**
 * Pull requests from git alone (`refs/pull/<N>/head`): one task `PR-<N>` each, its commits the head's own line
 * from its merge base with the default branch, merged when its head is on the default branch or a default-branch
 * subject names it. Titles come from the subject that landed it, else the first commit of its own line.
 */
export async function readGitPulls(
  repo: string,
  signal?: AbortSignal,
  options: { hindsight?: boolean } = {},
): Promise<SourceReadResult> {
  const git = async (args: string[]) => {
    const out = await runGit(args, { cwd: repo, ...(signal ? { signal } : {}) });
    return out.exitCode === 0 ? out.stdout : null;
  };
  const refs = (await git(['for-each-ref', '--format=%(objectname) %(refname)', 'refs/pull'])) ?? '';
  const heads = refs
    .split('\n')
    .map((line) => line.trim().split(' '))
    .flatMap(([sha, ref]) => {
      const n = PULL_REF.exec(ref ?? '')?.[1];
      return sha && n ? [{ number: Number(n), head: sha }] : [];
    })
    .sort((a, b) => a.number - b.number);
  if (heads.length === 0) {
    throw new SourceError('source_invalid', `${repo} holds no pull request heads (refs/pull/<N>/head)`, {
      field: 'source',
      hint: `Fetch them once with: ${FETCH_PULLS}`,
    });
  }
  const main = await defaultBranch(git);
  if (!main) {
    throw new SourceError(
      'source_invalid',
      `${repo} has no default branch to tell merged pull requests from the rest`,
      {
        field: 'source',
        hint: 'Check out main or master, or set origin/HEAD (git remote set-head origin --auto).',
      },
    );
  }
  const graph = await readPullGraph(git, main);
  const landedBy = new Map<number, { sha: string; subject: string; body: string; merge: boolean }>();
  // A merge commit on the default branch whose second parent is a pull request's head brought it in.
  const mergedHead = new Map<string, string>();
  for (const record of ((await git(['log', '--first-parent', '--format=%H%x1f%P%x1f%s%x1f%b%x1e', main])) ?? '').split(
    '\x1e',
  )) {
    const [sha, parents, subject, body] = record.replace(/^\n/, '').split('\x1f');
    if (!sha || subject === undefined) continue;
    const second = parents?.split(' ')[1];
    if (second) mergedHead.set(second, sha);
    const n = /^Merge pull request #(\d+)\b/.exec(subject)?.[1] ?? /\(#(\d+)\)\s*$/.exec(subject)?.[1];
    if (n && !landedBy.has(Number(n)))
      landedBy.set(Number(n), { sha, subject, body: body ?? '', merge: Boolean(second) });
  }
  const tasks: Task[] = [];
  for (const pr of heads) {
    // A rebase merge lands copies of the head's commits: the same author, author date and subject.
    const copy = graph.copyOnMain(pr.head);
    const landed =
      landedBy.get(pr.number) ?? (copy ? { sha: copy.sha, subject: copy.subject, body: '', merge: false } : null);
    // Once merged, the head is on the default branch: its own line is what the merge that brought it introduced.
    const mergeCommit = mergedHead.get(pr.head) ?? (landed?.merge ? landed.sha : null);
    const merged = graph.onMain(pr.head) || landed !== null;
    const line = graph.lineOf(pr.head, graph.onMain(pr.head) ? mergeCommit : null, MAX_OWN_COMMITS);
    const base = line.base;
    const own = line.commits.map((c) => [c.sha, c.authoredAt, c.subject] as const);
    const first = own[0];
    const last = own[own.length - 1];
    const title = titleOf(landed, first?.[2] ?? null, pr.number);
    const task: Task = TaskSchema.parse({
      id: `PR-${pr.number}`,
      title,
      // At evaluation time (no hindsight) whether it was merged is what the score must predict, not read.
      column: options.hindsight === false ? 'in-review' : merged ? 'done' : 'not-merged',
      ...(first ? { createdAt: first[1], executionStartedAt: first[1] } : {}),
      // Git has no ready-for-review time: the last push (the head's author date) stands for it.
      ...(last ? { executionCompletedAt: last[1] } : {}),
      branch: `refs/pull/${pr.number}/head`,
      ...(base ? { baseCommitSha: base } : {}),
      prInfo: {
        number: pr.number,
        status: options.hindsight === false ? 'open' : merged ? 'merged' : 'not merged',
        title,
        baseBranch: main,
      },
    });
    tasks.push(task);
  }
  return {
    tasks,
    problems: [],
    notices: [
      `pulls: ${tasks.length} pull request${tasks.length === 1 ? '' : 's'} from refs/pull (${tasks.filter((t) => t.column === 'done').length} merged into ${main}; git cannot tell open from closed)`,
    ],
  };
}

/** The default branch: origin/HEAD when set, else main, else master (local or remote-tracking). */
async function defaultBranch(git: (args: string[]) => Promise<string | null>): Promise<string | null> {
  const head = (await git(['symbolic-ref', '--quiet', 'refs/remotes/origin/HEAD']))?.trim();
  if (head) return head;
  for (const name of [
    'refs/heads/main',
    'refs/heads/master',
    'refs/remotes/origin/main',
    'refs/remotes/origin/master',
  ]) {
    if ((await git(['rev-parse', '--verify', '--quiet', name])) !== null) return name;
  }
  return null;
}

/** A merge commit's body carries the pull request's title; a squash subject is the title and `(#N)`. */
function titleOf(landed: { subject: string; body: string } | null, firstSubject: string | null, n: number): string {
  if (landed) {
    if (/^Merge pull request #/.test(landed.subject)) {
      const line = landed.body.split('\n').find((l) => l.trim());
      if (line) return line.trim();
    } else return landed.subject.replace(/\s*\(#\d+\)\s*$/, '').trim();
  }
  return firstSubject?.trim() || `Pull request #${n}`;
}
