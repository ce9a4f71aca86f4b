import type { ChangeHunk, TaskChange } from './change-hunk.js';
import type { PathKind } from './git/classify-path.js';
import { MAX_EXCERPT_LENGTH } from '../core/index.js';
import { makeEntry, type DraftEntry } from './make-entry.js';

/** Hunks a bundle shows at most: with the task's commits they stay within the commits group's cap of 20. */
export const MAX_CHANGE_HUNKS = 10;
/** Hunks shown of one file at most, so one large file does not hide the rest. */
export const MAX_HUNKS_PER_FILE = 3;

const KIND_ORDER: readonly PathKind[] = ['code', 'test', 'config', 'docs'];

/**
 * The change itself, for the judge: the hunks that matter most (code before tests, config and docs; within a kind the
 * files that changed most; within a file its largest hunks), each a bounded `hunk-<sha12>-<n>` entry in the commits
 * group, and one `change-left-out` entry saying what was not shown.
 */
export function collectChangeEntries(taskId: string, change: TaskChange | null | undefined): DraftEntry[] {
  if (!change || change.hunks.length === 0) return [];
  const { shown, files } = selectHunks(change.hunks);
  const entries = shown.map((i) => hunkEntry(taskId, change.hunks[i]!, ordinalInCommit(change.hunks, i)));
  if (shown.length < change.hunks.length || change.cut) entries.push(leftOutEntry(taskId, change, shown.length, files));
  return entries;
}

/**
 * The change as a queued job carries it: every hunk's place and size (what ranking and the left-out entry need), and
 * text only for the hunks the bundle shows, cut past what an excerpt can hold. The bundle built from it is the same.
 */
export function compactChange(change: TaskChange): TaskChange {
  const shown = new Set(selectHunks(change.hunks).shown);
  return {
    cut: change.cut,
    hunks: change.hunks.map((hunk, i) => ({
      ...hunk,
      text: shown.has(i) ? hunk.text.slice(0, 2 * MAX_EXCERPT_LENGTH) : '',
    })),
  };
}

/** Which hunks the bundle shows, in order (indexes into `hunks`), and how many files they came from. */
function selectHunks(hunks: readonly ChangeHunk[]): { shown: number[]; files: number } {
  const files = new Map<string, { kind: PathKind; size: number; hunks: number[] }>();
  hunks.forEach((hunk, i) => {
    const key = `${hunk.sha}\u0000${hunk.path}`;
    const file = files.get(key) ?? { kind: hunk.kind, size: 0, hunks: [] };
    file.size += hunk.added + hunk.removed;
    file.hunks.push(i);
    files.set(key, file);
  });
  const ranked = [...files.values()].sort(
    (a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || b.size - a.size,
  );
  const size = (i: number) => hunks[i]!.added + hunks[i]!.removed;
  const shown: number[] = [];
  for (const file of ranked) {
    const largest = [...file.hunks].sort((a, b) => size(b) - size(a) || a - b);
    for (const i of largest.slice(0, MAX_HUNKS_PER_FILE)) {
      if (shown.length >= MAX_CHANGE_HUNKS) break;
      shown.push(i);
    }
  }
  return { shown, files: ranked.length };
}

/** The hunk's place among its commit's hunks, so its id is the same whatever else the task changed. */
function ordinalInCommit(hunks: readonly ChangeHunk[], index: number): number {
  let n = 0;
  for (let i = 0; i < index; i++) if (hunks[i]!.sha === hunks[index]!.sha) n += 1;
  return n + 1;
}

function hunkEntry(taskId: string, hunk: ChangeHunk, n: number): DraftEntry {
  return makeEntry(taskId, {
    id: `hunk-${hunk.sha.slice(0, 12)}-${n}`,
    source: 'commits',
    label: `${hunk.path} ${hunk.header}`,
    timestamp: hunk.date || null,
    text: hunk.text,
    ref: { sha: hunk.sha, path: hunk.path, kind: hunk.kind, added: hunk.added, removed: hunk.removed },
    fingerprint: `${hunk.sha}\u0000${hunk.path}\u0000${hunk.header}\u0000${hunk.text}`,
  });
}

function leftOutEntry(taskId: string, change: TaskChange, shown: number, files: number): DraftEntry {
  const byKind = new Map<PathKind, number>();
  for (const hunk of change.hunks) byKind.set(hunk.kind, (byKind.get(hunk.kind) ?? 0) + 1);
  const kinds = KIND_ORDER.filter((k) => byKind.has(k))
    .map((k) => `${byKind.get(k)} ${k}`)
    .join(', ');
  const last = change.hunks.reduce((max, h) => (h.date > max ? h.date : max), '');
  const text = `${shown} of ${change.hunks.length} hunks shown (${kinds}; ${files} files), code first and largest first.${change.cut ? ' The diff was longer than taskeval reads; hunks past its first 4 MiB are not counted.' : ''}`;
  return makeEntry(taskId, {
    id: 'change-left-out',
    source: 'commits',
    label: `Change: ${change.hunks.length - shown} hunks left out`,
    timestamp: last || null,
    text,
    ref: { hunks: change.hunks.length, shown, files, cut: change.cut },
    fingerprint: text,
  });
}
