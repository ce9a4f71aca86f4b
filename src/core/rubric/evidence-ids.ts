import type { EvidenceBundle, EvidenceEntry } from '../evidence-bundle.js';
import type { EvidenceSource } from '../evidence-limits.js';

/** Ids of a group's entries that match, in bundle order; only ids that exist can be cited. */
export function entryIds(
  bundle: EvidenceBundle,
  source: EvidenceSource,
  match: (ref: EvidenceEntry['ref']) => boolean = () => true,
): string[] {
  const group = bundle.groups.find((g) => g.source === source);
  return (group?.entries ?? []).filter((e) => match(e.ref)).map((e) => e.id);
}

/** The given ids that the bundle holds, in the order given. */
export function presentIds(bundle: EvidenceBundle, ...ids: string[]): string[] {
  const held = new Set(bundle.groups.flatMap((g) => g.entries.map((e) => e.id)));
  return ids.filter((id) => held.has(id));
}
