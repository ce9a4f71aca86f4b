import { z } from 'zod';
import { EVIDENCE_SOURCE_ORDER } from './evidence-limits.js';

export const EvidenceSourceSchema = z.enum(EVIDENCE_SOURCE_ORDER);

const RefValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** One bounded piece of evidence; `ref` holds the fields needed to drill down to the original. */
export const EvidenceEntrySchema = z.object({
  id: z.string().min(1),
  source: EvidenceSourceSchema,
  label: z.string(),
  timestamp: z.string().optional(),
  excerpt: z.string().optional(),
  truncated: z.boolean().optional(),
  ref: z.record(z.string(), RefValue).default({}),
});

export const EvidenceGroupSchema = z.object({
  source: EvidenceSourceSchema,
  entries: z.array(EvidenceEntrySchema),
  /** Entries the source had before the cap. */
  total: z.number().int().nonnegative(),
  /** Oldest entries dropped by the cap. */
  omitted: z.number().int().nonnegative(),
});

/**
 * The evidence for one task in one run: eight groups in contract order.
 * `digest` is sha256 of the canonical JSON of `{ taskId, groups }`; the run id is
 * left out so that the same evidence in another run has the same digest.
 */
export const EvidenceBundleSchema = z.object({
  taskId: z.string(),
  runId: z.string(),
  groups: z.array(EvidenceGroupSchema).length(EVIDENCE_SOURCE_ORDER.length),
  digest: z.string().regex(/^[0-9a-f]{64}$/),
});

export type EvidenceEntry = z.output<typeof EvidenceEntrySchema>;
export type EvidenceGroup = z.output<typeof EvidenceGroupSchema>;
export type EvidenceBundle = z.output<typeof EvidenceBundleSchema>;

/** Every entry of a bundle, in group order. */
export function bundleEntries(bundle: Pick<EvidenceBundle, 'groups'>): EvidenceEntry[] {
  return bundle.groups.flatMap((g) => g.entries);
}
