import { attributeCommit, type AttributionRules, type MessageAttribution } from './attribute-commit.js';
import type { CommitIndexData } from './commit-index-data.js';
import { arrayCommitTable } from './commit-table.js';
import { computeGenerations } from './compute-generations.js';
import type { RawCommit } from './git-log-parser.js';
import { resolveShaPrefix } from './resolve-sha-prefix.js';

/** Appends a position to the list kept under `key`. */
export function push<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Links commit `i` to each commit its body says it reverts: a full sha by its position, an abbreviated
 * one by its one match; a commit never reverts itself.
 */
export function linkReverts(
  revertsOf: Map<number, number[]>,
  i: number,
  ownSha: string,
  revertedShas: readonly string[],
  position: (sha: string) => number | undefined,
  sortedShas: () => readonly string[],
): void {
  for (const sha of revertedShas) {
    let target = position(sha);
    if (target === undefined && sha.length < ownSha.length) {
      const full = resolveShaPrefix(sortedShas(), sha);
      target = full === undefined ? undefined : position(full);
    }
    if (target !== undefined && target !== i) push(revertsOf, target, i);
  }
}

/** Collects commits as the log streams in, then links parents, reverts and refs once at the end. */
export class CommitIndexBuilder {
  private readonly commits: RawCommit[] = [];
  private readonly attributions: MessageAttribution[] = [];
  private readonly bySha = new Map<string, number>();
  private readonly owned = new Map<string, number[]>();
  private readonly mentioned = new Map<string, number[]>();
  private readonly revertsById = new Map<string, number[]>();

  constructor(private readonly rules: AttributionRules) {}

  /** Adds one commit and gives its attribution; a sha seen before (it cannot be, with one pass) is ignored. */
  add(commit: RawCommit): MessageAttribution | undefined {
    if (this.bySha.has(commit.sha)) return undefined;
    const att = attributeCommit(commit.subject, commit.body, this.rules);
    this.addAttributed(commit, att);
    return att;
  }

  /** Adds a commit whose attribution under the same rules is already known (the history cache). */
  addAttributed(commit: RawCommit, att: MessageAttribution): void {
    if (this.bySha.has(commit.sha)) return;
    const i = this.commits.length;
    this.commits.push(commit);
    this.attributions.push(att);
    this.bySha.set(commit.sha, i);
    for (const id of att.owners) push(this.owned, id, i);
    for (const id of att.mentions) push(this.mentioned, id, i);
    for (const id of att.revertIds) push(this.revertsById, id, i);
  }

  /** Every commit added so far, with its attribution, in the order added. */
  added(): { commits: readonly RawCommit[]; attributions: readonly MessageAttribution[] } {
    return { commits: this.commits, attributions: this.attributions };
  }

  /** Finishes the tables; refsText is `git for-each-ref --format='%(objectname) %(refname)'` output. */
  finish(repo: string, refsText: string): Omit<CommitIndexData, 'warnings'> {
    const { commits, bySha } = this;
    const parents = commits.map((c) => c.parents.map((p) => bySha.get(p) ?? -1));
    const revertsOf = new Map<number, number[]>();
    let sorted: string[] | undefined;
    const sortedShas = () => (sorted ??= [...bySha.keys()].sort());
    this.attributions.forEach((att, i) =>
      linkReverts(revertsOf, i, commits[i]!.sha, att.revertedShas, (sha) => bySha.get(sha), sortedShas),
    );
    return {
      repo,
      table: arrayCommitTable(commits, this.attributions, bySha),
      parents,
      generations: computeGenerations(parents),
      owned: this.owned,
      mentioned: this.mentioned,
      revertsById: this.revertsById,
      revertsOf,
      refs: parseRefs(refsText),
    };
  }
}

/** Branch names to tips from `git for-each-ref --format='%(objectname) %(refname)'`, short names too. */
export function parseRefs(text: string): Map<string, string> {
  const refs = new Map<string, string>();
  const remote = new Map<string, string>();
  for (const line of text.split('\n')) {
    const space = line.indexOf(' ');
    if (space === -1) continue;
    const sha = line.slice(0, space);
    const ref = line.slice(space + 1).trim();
    refs.set(ref, sha);
    if (ref.startsWith('refs/heads/')) refs.set(ref.slice('refs/heads/'.length), sha);
    else if (ref.startsWith('refs/remotes/')) {
      const name = ref.slice('refs/remotes/'.length);
      refs.set(name, sha);
      const slash = name.indexOf('/');
      if (slash !== -1 && !remote.has(name.slice(slash + 1))) remote.set(name.slice(slash + 1), sha);
    }
  }
  // A local branch wins over a remote-tracking one of the same name.
  for (const [name, sha] of remote) if (!refs.has(name)) refs.set(name, sha);
  return refs;
}
