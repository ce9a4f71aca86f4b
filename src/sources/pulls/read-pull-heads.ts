import { SourceError } from '../../core/index.js';
import { runGit } from '../../evidence/index.js';
import { readPullGraph, type GraphCommit } from './read-pull-graph.js';

/** A pull request's own line is cut here, as `git log -n` did. */
const MAX_OWN_COMMITS = 1000;
const PULL_REF = /^refs\/pull\/(\d+)\/head$/;

/** One pull request head as git alone tells it. */
export interface PullHead {
  number: number;
  head: string;
  /** Its head is on the default branch, a default-branch subject names it, or the branch holds a copy of it. */
  merged: boolean;
  title: string;
  /** Its own commits, oldest first: from where it left the default branch to its head. */
  commits: readonly GraphCommit[];
  base: string | null;
  /** The default-branch commit that landed it: its merge commit, squash commit or rebased head; null when none. */
  landed: string | null;
}

/** The pull request heads of a clone and its default branch; null when it holds none. */
export interface PullHeads {
  main: string;
  pulls: PullHead[];
}

/**
 * Pull requests from git alone (`refs/pull/<N>/head`): each head's own line from where it left the default
 * branch, merged when its head is on the default branch or a default-branch subject names it (or the branch holds
 * copies of it: a rebase merge). Titles come from the subject that landed it, else the first commit of its line.
 * Null when the clone holds no heads; an error when it has no default branch to tell merged ones by.
 */
export async function readPullHeads(repo: string, signal?: AbortSignal): Promise<PullHeads | null> {
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
  if (heads.length === 0) return null;
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
  const pulls: PullHead[] = [];
  for (const pr of heads) {
    // A rebase merge lands copies of the head's commits: the same author, author date and subject.
    const copy = graph.copyOnMain(pr.head);
    const landed =
      landedBy.get(pr.number) ?? (copy ? { sha: copy.sha, subject: copy.subject, body: '', merge: false } : null);
    // Once merged, the head is on the default branch: its own line is what the merge that brought it introduced.
    const mergeCommit = mergedHead.get(pr.head) ?? (landed?.merge ? landed.sha : null);
    const line = graph.lineOf(pr.head, graph.onMain(pr.head) ? mergeCommit : null, MAX_OWN_COMMITS);
    pulls.push({
      number: pr.number,
      head: pr.head,
      merged: graph.onMain(pr.head) || landed !== null,
      title: titleOf(landed, line.commits[0]?.subject ?? null, pr.number),
      commits: line.commits,
      base: line.base,
      landed: mergeCommit ?? landed?.sha ?? null,
    });
  }
  return { main, pulls };
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
