import {
  EVIDENCE_SOURCE_ORDER,
  type CommitHistorySignals,
  type CommitRecord,
  type EvidenceBundle,
  type EvidenceSource,
  type Task,
} from '../core/index.js';
import { bundleDigest } from './bundle-digest.js';
import { collectActivityEntries } from './collect-activity-entries.js';
import { collectAgentLogEntries } from './collect-agent-log-entries.js';
import { collectAuditEntries } from './collect-audit-entries.js';
import type { TaskChange } from './change-hunk.js';
import { collectChangeEntries } from './collect-change-entries.js';
import { collectCommitEntries } from './collect-commit-entries.js';
import { collectDocumentEntries } from './collect-document-entries.js';
import { collectStatementEntries } from './collect-statement-entries.js';
import { collectMetadataEntries } from './collect-metadata-entries.js';
import { collectReviewEntries } from './collect-review-entries.js';
import { collectWorkflowEntries } from './collect-workflow-entries.js';
import { finalizeGroup } from './finalize-group.js';
import type { DraftEntry } from './make-entry.js';

export interface BuildEvidenceBundleOptions {
  runId: string;
  /** Commits attributed to the task; null or absent when no repository is known. */
  commits?: CommitRecord[] | null;
  /** What later history says about those commits; adds the `task-history` entry. */
  history?: CommitHistorySignals | null;
  /** The change itself (read for a judge): its most telling hunks join the commits group. */
  change?: TaskChange | null;
}

/**
 * Builds the task's bounded evidence: eight groups in contract order, each ordered by timestamp then id
 * and capped to its newest entries, ids derived from content, and a digest of `{ taskId, groups }`.
 * Pure and deterministic: no clock, no I/O; the same input gives the same bundle.
 * Exact duplicates inside a group (same id and content) are dropped, the first kept.
 */
export function buildEvidenceBundle(task: Task, options: BuildEvidenceBundleOptions): EvidenceBundle {
  const drafts: Record<EvidenceSource, () => DraftEntry[]> = {
    taskMetadata: () => collectMetadataEntries(task, options.history),
    commits: () => [
      ...collectCommitEntries(task.id, options.commits ?? []),
      ...collectChangeEntries(task.id, options.change),
    ],
    workflow: () => collectWorkflowEntries(task),
    reviews: () => collectReviewEntries(task),
    documents: () => [...collectStatementEntries(task), ...collectDocumentEntries(task)],
    taskActivity: () => collectActivityEntries(task),
    agentLogs: () => collectAgentLogEntries(task),
    runAudit: () => collectAuditEntries(task),
  };
  const groups = EVIDENCE_SOURCE_ORDER.map((source) => finalizeGroup(source, drafts[source]()));
  return { taskId: task.id, runId: options.runId, groups, digest: bundleDigest({ taskId: task.id, groups }) };
}
