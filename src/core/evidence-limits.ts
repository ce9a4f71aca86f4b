/** The eight evidence groups, always in this order (contract section 6). */
export const EVIDENCE_SOURCE_ORDER = [
  'taskMetadata',
  'commits',
  'workflow',
  'reviews',
  'documents',
  'taskActivity',
  'agentLogs',
  'runAudit',
] as const;

export type EvidenceSource = (typeof EVIDENCE_SOURCE_ORDER)[number];

/** Cap on entries per group; the newest are kept when a group is over it. */
export const EVIDENCE_LIMITS: Readonly<Record<EvidenceSource, number>> = Object.freeze({
  taskMetadata: 25,
  commits: 20,
  workflow: 25,
  reviews: 25,
  documents: 25,
  taskActivity: 25,
  agentLogs: 25,
  runAudit: 25,
});

export const MAX_EXCERPT_LENGTH = 500;
export const TRUNCATION_MARKER = '… [truncated]';
export const MAX_COMMIT_SUBJECT_LENGTH = 160;
