import { EVIDENCE_LIMITS, type EvidenceEntry, type EvidenceGroup, type EvidenceSource } from '../core/index.js';
import { compareEvidenceEntries } from './compare-evidence-entries.js';
import { contentHash } from './content-hash.js';
import type { DraftEntry } from './make-entry.js';

/**
 * Turns one source's drafts into its group: duplicates resolved, ordered, capped to the newest.
 * An exact duplicate (same id and same full content, e.g. a log line written twice at the same instant)
 * carries no new evidence and is dropped, the first kept. Two different entries under one natural id
 * (a workflow step recorded twice) both stay: the later gets `-<hash of its content>` appended.
 * `total` counts entries after duplicates are dropped; `omitted` is how many the cap removed.
 */
export function finalizeGroup(
  source: EvidenceSource,
  drafts: readonly DraftEntry[],
  cap: number = EVIDENCE_LIMITS[source],
): EvidenceGroup {
  const byId = new Map<string, string>();
  const entries: EvidenceEntry[] = [];
  for (const { entry, fingerprint } of drafts) {
    let id = entry.id;
    const seen = byId.get(id);
    if (seen === fingerprint) continue;
    if (seen !== undefined) {
      id = `${entry.id}-${contentHash(source, entry.timestamp, fingerprint)}`;
      if (byId.get(id) === fingerprint) continue;
    }
    byId.set(id, fingerprint);
    entries.push(id === entry.id ? entry : { ...entry, id });
  }
  entries.sort(compareEvidenceEntries);
  const kept = entries.length > cap ? entries.slice(entries.length - cap) : entries;
  return { source, entries: kept, total: entries.length, omitted: entries.length - kept.length };
}
