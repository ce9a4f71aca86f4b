import { createHash } from 'node:crypto';
import {
  MAX_COMMIT_SUBJECT_LENGTH,
  MAX_EXCERPT_LENGTH,
  truncateExcerpt,
  type EvidenceEntry,
  type EvidenceSource,
} from '../core/index.js';

/** What a ref may hold: scalars only, so every entry stays small and serialisable. */
export type RefValue = string | number | boolean | null;

/** Longest entry label; the same bound as a commit subject. */
export const MAX_LABEL_LENGTH = MAX_COMMIT_SUBJECT_LENGTH;

/** An entry before its group is ordered and capped; `fingerprint` is a sha256 of the full content it stands for. */
export interface DraftEntry {
  entry: EvidenceEntry;
  fingerprint: string;
}

export interface EntryInput {
  id: string;
  source: EvidenceSource;
  label: string;
  timestamp?: string | null | undefined;
  /** Full text; stored only as a bounded excerpt. */
  text?: string | null | undefined;
  /** Set when the text was already shortened before it got here. */
  cut?: boolean;
  ref: Record<string, RefValue | undefined>;
  /** The full content behind the entry, used to tell an exact duplicate from a different entry under the same id. */
  fingerprint: string;
}

/** Builds a bounded entry: label cut to 160, excerpt to 500 with the marker, ref scalars with taskId first. */
export function makeEntry(taskId: string, input: EntryInput): DraftEntry {
  const bounded = input.text ? truncateExcerpt(input.text) : null;
  const entry: EvidenceEntry = {
    id: input.id,
    source: input.source,
    label: truncateExcerpt(input.label, MAX_LABEL_LENGTH).excerpt,
    ...(input.timestamp ? { timestamp: input.timestamp } : {}),
    ...(bounded ? { excerpt: bounded.excerpt } : {}),
    ...(bounded && (bounded.truncated || input.cut) ? { truncated: true } : {}),
    ref: boundRef(taskId, input.ref),
  };
  // Hashed so a group holds 64 characters per entry, not every full text it has seen.
  return { entry, fingerprint: createHash('sha256').update(input.fingerprint, 'utf8').digest('hex') };
}

function boundRef(taskId: string, fields: Record<string, RefValue | undefined>): Record<string, RefValue> {
  const ref: Record<string, RefValue> = { taskId };
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'taskId') continue;
    // Refs are drill-down keys, not payloads: a stray long string is bounded like an excerpt.
    ref[key] =
      value === undefined
        ? null
        : typeof value === 'string'
          ? truncateExcerpt(value, MAX_EXCERPT_LENGTH).excerpt
          : value;
  }
  return ref;
}
