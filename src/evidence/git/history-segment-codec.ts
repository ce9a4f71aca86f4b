import type { CommitFileChange } from '../../core/index.js';
import type { MessageAttribution } from './attribute-commit.js';
import type { CommitRows } from './commit-table.js';
import type { RawCommit } from './git-log-parser.js';

/**
 * A kept history segment in columns: one array per field instead of one object per commit, with author
 * names and paths stored once each. A 32,000-commit history parses in about a quarter of the time its
 * object form takes, which is most of what a run that finds no new commits costs.
 */
export interface EncodedHistorySegment {
  /** 40-hex shas, concatenated. */
  sha: string;
  /** Each commit's parents, space-separated; '' also when the kept index tables give them all by position. */
  parents: string[];
  names: string[];
  author: number[];
  email: number[];
  committer: number[];
  committerEmail: number[];
  authorTime: number[];
  committerTime: number[];
  subject: string[];
  body: string[];
  paths: string[];
  /** Per commit: the number of files, then path index, insertions and deletions of each (-1 for null). */
  files: number[];
  /** Per commit: owners, mentions and revert ids (newline-separated), reverted shas (space-separated), and its flags. */
  owners: string[];
  mentions: string[];
  revertIds: string[];
  revertedShas: string[];
  /** Bit 1 owner kind trailer, 2 owner source trailer, 4 source scope, 8 revert, 16 fix. */
  flags: number[];
  /** Trailers, only for commits that have any: [commit index, trailers as JSON text, parsed when the commit is read]. */
  trailers: [number, string][];
}

const SHA_LENGTH = 40;
// Most commits have no trailers, reverts or reverted shas: one shared, frozen empty value each saves
// tens of thousands of allocations per decode. Nothing downstream writes to them.
const NONE = Object.freeze([]) as unknown as string[];
const NO_TRAILERS = Object.freeze({}) as Record<string, string[]>;

/** `parentsByPosition[i]`: the index tables hold every parent of commit i, so its parent shas need not be kept. */
export function encodeHistorySegment(
  commits: readonly RawCommit[],
  attributions: readonly MessageAttribution[],
  parentsByPosition?: readonly boolean[],
): EncodedHistorySegment {
  const encoder = new HistorySegmentEncoder();
  commits.forEach((c, i) => encoder.add(c, attributions[i]!));
  return encoder.finish(parentsByPosition);
}

/** Encodes commits one at a time as they are read, so a whole read is kept in columns while git still streams. */
export class HistorySegmentEncoder {
  private readonly names = new Map<string, number>();
  private readonly paths = new Map<string, number>();
  private readonly shas: string[] = [];
  private readonly parents: string[][] = [];
  private readonly out: EncodedHistorySegment = {
    sha: '',
    parents: [],
    names: [],
    author: [],
    email: [],
    committer: [],
    committerEmail: [],
    authorTime: [],
    committerTime: [],
    subject: [],
    body: [],
    paths: [],
    files: [],
    owners: [],
    mentions: [],
    revertIds: [],
    revertedShas: [],
    flags: [],
    trailers: [],
  };

  add(c: RawCommit, a: MessageAttribution): void {
    const { out } = this;
    const i = this.shas.length;
    // Every sha git gives is 40 hex digits (SHA-1); a repository with longer ones is kept whole in finish().
    this.shas.push(c.sha);
    this.parents.push(c.parents);
    out.author.push(this.intern(this.names, c.author));
    out.email.push(this.intern(this.names, c.authorEmail));
    out.committer.push(this.intern(this.names, c.committer));
    out.committerEmail.push(this.intern(this.names, c.committerEmail));
    out.authorTime.push(c.authorTime);
    out.committerTime.push(c.committerTime);
    out.subject.push(c.subject);
    out.body.push(c.body);
    out.files.push(c.files.length);
    for (const f of c.files) out.files.push(this.intern(this.paths, f.path), f.insertions ?? -1, f.deletions ?? -1);
    out.owners.push(a.owners.join('\n'));
    out.mentions.push(a.mentions.join('\n'));
    out.revertIds.push(a.revertIds.join('\n'));
    out.revertedShas.push(a.revertedShas.join(' '));
    out.flags.push(
      (a.ownerKind === 'trailer' ? 1 : 0) |
        (a.ownerSource === 'trailer' ? 2 : a.ownerSource === 'scope' ? 4 : 0) |
        (a.isRevert ? 8 : 0) |
        (a.isFix ? 16 : 0),
    );
    for (const _ in a.trailers) {
      out.trailers.push([i, JSON.stringify(a.trailers)]);
      break;
    }
  }

  finish(parentsByPosition?: readonly boolean[]): EncodedHistorySegment {
    const { out, shas } = this;
    out.parents = this.parents.map((p, i) => (parentsByPosition?.[i] ? '' : p.join(' ')));
    out.sha = shas.every((s) => s.length === SHA_LENGTH) ? shas.join('') : shas.join(' ');
    out.names = [...this.names.keys()];
    out.paths = [...this.paths.keys()];
    return out;
  }

  private intern(table: Map<string, number>, text: string): number {
    let i = table.get(text);
    if (i === undefined) table.set(text, (i = table.size));
    return i;
  }
}

/** The commits and attributions back, or null when the columns do not agree (a damaged or foreign entry). */
export function decodeHistorySegment(
  s: EncodedHistorySegment,
): { commits: RawCommit[]; attributions: MessageAttribution[] } | null {
  const rows = openHistorySegment(s);
  if (!rows) return null;
  const commits: RawCommit[] = new Array(rows.size);
  const attributions: MessageAttribution[] = new Array(rows.size);
  for (let i = 0; i < rows.size; i += 1) {
    commits[i] = rows.commit(i);
    attributions[i] = rows.attribution(i);
  }
  return { commits, attributions };
}

/** A kept segment read row by row: each commit is made when asked for, from the columns. */
export interface HistorySegmentRows extends CommitRows {
  /** The row of a full sha, searched in the sha column; undefined when the segment does not hold it. */
  find(sha: string): number | undefined;
}

/**
 * Checks that the columns agree (lengths, every file entry and path index) in one pass over them, and
 * gives row access; null for a damaged or foreign entry.
 */
export function openHistorySegment(s: EncodedHistorySegment): HistorySegmentRows | null {
  const n = s.authorTime?.length;
  if (typeof s.sha !== 'string' || !Number.isInteger(n)) return null;
  const columns = [
    s.parents,
    s.author,
    s.email,
    s.committer,
    s.committerEmail,
    s.committerTime,
    s.subject,
    s.body,
    s.owners,
    s.mentions,
    s.revertIds,
    s.revertedShas,
    s.flags,
  ];
  if (
    columns.some((c) => !Array.isArray(c) || c.length !== n) ||
    !Array.isArray(s.files) ||
    !Array.isArray(s.trailers) ||
    !Array.isArray(s.paths) ||
    !Array.isArray(s.names)
  )
    return null;
  const shas = s.sha.includes(' ') || s.sha.length !== n * SHA_LENGTH ? s.sha.split(' ') : null;
  if (shas && shas.length !== n && !(n === 0 && s.sha === '')) return null;
  // Where each commit's files start in the flat files column.
  const offsets = new Uint32Array(n);
  let p = 0;
  for (let i = 0; i < n; i += 1) {
    offsets[i] = p;
    const count = s.files[p++];
    if (!Number.isInteger(count) || count! < 0) return null;
    for (let k = 0; k < count!; k += 1, p += 3) if (s.paths[s.files[p]!] === undefined) return null;
  }
  if (p !== s.files.length) return null;
  const split = (text: string, by = ' ') => (text === '' ? NONE : text.split(by));
  let trailers: Map<number, string> | undefined;
  const sha = (i: number) => (shas ? shas[i]! : s.sha.slice(i * SHA_LENGTH, (i + 1) * SHA_LENGTH));
  return {
    size: n,
    sha,
    subject: (i) => s.subject[i]!,
    authorTime: (i) => s.authorTime[i]!,
    committerTime: (i) => s.committerTime[i]!,
    find(target) {
      if (shas) {
        const r = shas.indexOf(target);
        return r === -1 ? undefined : r;
      }
      if (target.length !== SHA_LENGTH) return undefined;
      // Only a match on a 40-digit boundary is a sha; one straddling two shas is not.
      for (let at = s.sha.indexOf(target); at !== -1; at = s.sha.indexOf(target, at + 1))
        if (at % SHA_LENGTH === 0) return at / SHA_LENGTH;
      return undefined;
    },
    commit(i) {
      let q = offsets[i]!;
      const count = s.files[q++]!;
      const files: CommitFileChange[] = new Array(count);
      for (let k = 0; k < count; k += 1, q += 3) {
        const ins = s.files[q + 1]!;
        const del = s.files[q + 2]!;
        files[k] = { path: s.paths[s.files[q]!]!, insertions: ins < 0 ? null : ins, deletions: del < 0 ? null : del };
      }
      return {
        sha: sha(i),
        parents: split(s.parents[i]!),
        author: s.names[s.author[i]!] ?? '',
        authorEmail: s.names[s.email[i]!] ?? '',
        committer: s.names[s.committer[i]!] ?? '',
        committerEmail: s.names[s.committerEmail[i]!] ?? '',
        authorTime: s.authorTime[i]!,
        committerTime: s.committerTime[i]!,
        subject: s.subject[i]!,
        body: s.body[i]!,
        files,
      };
    },
    attribution(i) {
      trailers ??= new Map(s.trailers);
      const flags = s.flags[i]!;
      return {
        trailers: parseTrailers(trailers.get(i)),
        owners: split(s.owners[i]!, '\n'),
        ownerKind: flags & 1 ? 'trailer' : 'subject',
        ownerSource: flags & 2 ? 'trailer' : flags & 4 ? 'scope' : 'mention',
        mentions: split(s.mentions[i]!, '\n'),
        isRevert: (flags & 8) !== 0,
        revertIds: split(s.revertIds[i]!, '\n'),
        revertedShas: split(s.revertedShas[i]!),
        isFix: (flags & 16) !== 0,
      };
    },
  };
}

/** A commit's kept trailers; text that does not parse (it cannot, unless the store was damaged) reads as none. */
function parseTrailers(text: string | undefined): Record<string, string[]> {
  if (text === undefined) return NO_TRAILERS;
  try {
    return JSON.parse(text) as Record<string, string[]>;
  } catch {
    return NO_TRAILERS;
  }
}
