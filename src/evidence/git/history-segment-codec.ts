import type { CommitFileChange } from '../../core/index.js';
import type { MessageAttribution } from './attribute-commit.js';
import type { RawCommit } from './git-log-parser.js';

/**
 * A kept history segment in columns: one array per field instead of one object per commit, with author
 * names and paths stored once each. A 32,000-commit history parses in about a quarter of the time its
 * object form takes, which is most of what a run that finds no new commits costs.
 */
export interface EncodedHistorySegment {
  /** 40-hex shas, concatenated. */
  sha: string;
  /** Each commit's parents, space-separated. */
  parents: string[];
  names: string[];
  author: number[];
  email: number[];
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
  /** Trailers, only for commits that have any: [commit index, trailers]. */
  trailers: [number, Record<string, string[]>][];
}

const SHA_LENGTH = 40;
// Most commits have no trailers, reverts or reverted shas: one shared, frozen empty value each saves
// tens of thousands of allocations per decode. Nothing downstream writes to them.
const NONE = Object.freeze([]) as unknown as string[];
const NO_TRAILERS = Object.freeze({}) as Record<string, string[]>;

export function encodeHistorySegment(commits: readonly RawCommit[], attributions: readonly MessageAttribution[]): EncodedHistorySegment {
  const names = new Map<string, number>();
  const paths = new Map<string, number>();
  const intern = (table: Map<string, number>, text: string) => {
    let i = table.get(text);
    if (i === undefined) table.set(text, (i = table.size));
    return i;
  };
  const out: EncodedHistorySegment = {
    sha: '', parents: [], names: [], author: [], email: [], authorTime: [], committerTime: [], subject: [], body: [], paths: [], files: [],
    owners: [], mentions: [], revertIds: [], revertedShas: [], flags: [], trailers: [],
  };
  const shas: string[] = [];
  commits.forEach((c, i) => {
    // Every sha git gives is 40 hex digits (SHA-1); a repository with longer ones is kept whole below.
    shas.push(c.sha);
    out.parents.push(c.parents.join(' '));
    out.author.push(intern(names, c.author));
    out.email.push(intern(names, c.authorEmail));
    out.authorTime.push(c.authorTime);
    out.committerTime.push(c.committerTime);
    out.subject.push(c.subject);
    out.body.push(c.body);
    out.files.push(c.files.length);
    for (const f of c.files) out.files.push(intern(paths, f.path), f.insertions ?? -1, f.deletions ?? -1);
    const a = attributions[i]!;
    out.owners.push(a.owners.join('\n'));
    out.mentions.push(a.mentions.join('\n'));
    out.revertIds.push(a.revertIds.join('\n'));
    out.revertedShas.push(a.revertedShas.join(' '));
    out.flags.push((a.ownerKind === 'trailer' ? 1 : 0) | (a.ownerSource === 'trailer' ? 2 : a.ownerSource === 'scope' ? 4 : 0) | (a.isRevert ? 8 : 0) | (a.isFix ? 16 : 0));
    if (Object.keys(a.trailers).length > 0) out.trailers.push([i, a.trailers]);
  });
  out.sha = shas.every((s) => s.length === SHA_LENGTH) ? shas.join('') : shas.join(' ');
  out.names = [...names.keys()];
  out.paths = [...paths.keys()];
  return out;
}

/** The commits and attributions back, or null when the columns do not agree (a damaged or foreign entry). */
export function decodeHistorySegment(s: EncodedHistorySegment): { commits: RawCommit[]; attributions: MessageAttribution[] } | null {
  const n = s.authorTime?.length;
  if (typeof s.sha !== 'string' || !Number.isInteger(n)) return null;
  const columns = [s.parents, s.author, s.email, s.committerTime, s.subject, s.body, s.owners, s.mentions, s.revertIds, s.revertedShas, s.flags];
  if (columns.some((c) => !Array.isArray(c) || c.length !== n) || !Array.isArray(s.files) || !Array.isArray(s.trailers)) return null;
  const shas = s.sha.includes(' ') || s.sha.length !== n * SHA_LENGTH ? s.sha.split(' ') : null;
  if (shas && shas.length !== n && !(n === 0 && s.sha === '')) return null;
  const split = (text: string, by = ' ') => (text === '' ? NONE : text.split(by));
  const trailers = new Map(s.trailers);
  const commits: RawCommit[] = new Array(n);
  const attributions: MessageAttribution[] = new Array(n);
  let p = 0;
  for (let i = 0; i < n; i += 1) {
    const count = s.files[p++]!;
    const files: CommitFileChange[] = new Array(count);
    for (let k = 0; k < count; k += 1) {
      const path = s.paths[s.files[p]!];
      const ins = s.files[p + 1]!;
      const del = s.files[p + 2]!;
      p += 3;
      if (path === undefined) return null;
      files[k] = { path, insertions: ins < 0 ? null : ins, deletions: del < 0 ? null : del };
    }
    commits[i] = {
      sha: shas ? shas[i]! : s.sha.slice(i * SHA_LENGTH, (i + 1) * SHA_LENGTH),
      parents: split(s.parents[i]!),
      author: s.names[s.author[i]!] ?? '',
      authorEmail: s.names[s.email[i]!] ?? '',
      authorTime: s.authorTime[i]!,
      committerTime: s.committerTime[i]!,
      subject: s.subject[i]!,
      body: s.body[i]!,
      files,
    };
    const flags = s.flags[i]!;
    attributions[i] = {
      trailers: trailers.get(i) ?? NO_TRAILERS,
      owners: split(s.owners[i]!, '\n'),
      ownerKind: flags & 1 ? 'trailer' : 'subject',
      ownerSource: flags & 2 ? 'trailer' : flags & 4 ? 'scope' : 'mention',
      mentions: split(s.mentions[i]!, '\n'),
      isRevert: (flags & 8) !== 0,
      revertIds: split(s.revertIds[i]!, '\n'),
      revertedShas: split(s.revertedShas[i]!),
      isFix: (flags & 16) !== 0,
    };
  }
  return p === s.files.length ? { commits, attributions } : null;
}
