import type { EvidenceEntry } from '../core/index.js';

/**
 * Contract order inside a group: entries without a timestamp first, then by time, then by id.
 * Ids compare with digit runs as numbers, so `step-2` sorts before `step-10`.
 */
export function compareEvidenceEntries(
  a: Pick<EvidenceEntry, 'id' | 'timestamp'>,
  b: Pick<EvidenceEntry, 'id' | 'timestamp'>,
): number {
  return compareTimestamps(a.timestamp, b.timestamp) || compareIds(a.id, b.id);
}

function compareTimestamps(a: string | undefined, b: string | undefined): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  // The same instant written two ways is one time; the id decides.
  if (ra === 2) return Date.parse(a!) - Date.parse(b!);
  return plain(a ?? '', b ?? '');
}

// 0: no timestamp, 1: a string that is not a date (ordered as text), 2: a date.
function rank(timestamp: string | undefined): number {
  if (!timestamp) return 0;
  return Number.isNaN(Date.parse(timestamp)) ? 1 : 2;
}

const CHUNK = /\d+|\D+/g;

function compareIds(a: string, b: string): number {
  const ca = a.match(CHUNK) ?? [];
  const cb = b.match(CHUNK) ?? [];
  for (let i = 0; i < Math.min(ca.length, cb.length); i++) {
    const x = ca[i]!;
    const y = cb[i]!;
    const bothDigits = /^\d/.test(x) && /^\d/.test(y);
    const diff = bothDigits ? compareDigits(x, y) : plain(x, y);
    if (diff !== 0) return diff;
  }
  return ca.length - cb.length || plain(a, b);
}

function compareDigits(x: string, y: string): number {
  const tx = x.replace(/^0+(?=\d)/, '');
  const ty = y.replace(/^0+(?=\d)/, '');
  return tx.length - ty.length || plain(tx, ty);
}

function plain(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
