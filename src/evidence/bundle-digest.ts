import { createHash } from 'node:crypto';
import type { EvidenceBundle } from '../core/index.js';
import { canonicalJson } from './canonical-json.js';

/**
 * sha256 (hex) of the canonical JSON of `{ taskId, groups }`. The run id is left out on purpose:
 * the same evidence in another run has the same digest, which the judge cache relies on.
 */
export function bundleDigest(bundle: Pick<EvidenceBundle, 'taskId' | 'groups'>): string {
  return createHash('sha256')
    .update(canonicalJson({ taskId: bundle.taskId, groups: bundle.groups }), 'utf8')
    .digest('hex');
}
