import { EVIDENCE_SOURCE_ORDER, type EvidenceSource } from '../evidence-limits.js';
import type { ScoreCategory } from '../score-categories.js';
import type { TaskSignals } from './task-signals.js';

/**
 * Per category, the evidence groups whose signals the rubric could read for this task. A category with
 * none has nothing measured: outputs show "no evidence" instead of its base score as if it were measured.
 */
export function computeCoverage(s: TaskSignals): Record<ScoreCategory, EvidenceSource[]> {
  const commits = s.commits.known && s.commits.count > 0;
  const outcome = s.outcome.column !== null || s.outcome.status !== null || s.outcome.failed;
  const agent = s.agentLogs.entries > 0 || s.agentLogs.session !== null;
  return {
    agentPerformance: groups({
      taskMetadata: s.counters.known || s.outcome.failed,
      workflow: s.steps.total > 0 || s.workflow.total > 0,
      reviews: s.reviews.total > 0,
      commits,
      agentLogs: agent,
    }),
    taskOutcomeQuality: groups({
      taskMetadata: outcome || s.counters.verificationFailureCount > 0,
      workflow: s.workflow.total > 0,
      commits: commits || s.outcome.historyKnown,
      agentLogs: s.agentLogs.session !== null,
    }),
    processCompliance: groups({
      taskMetadata: s.counters.known,
      reviews: s.reviews.total > 0,
      commits: s.commits.known && (s.commits.count > 0 || s.outcome.done),
    }),
  };
}

/** The groups present, in contract order. */
function groups(present: Partial<Record<EvidenceSource, boolean>>): EvidenceSource[] {
  return EVIDENCE_SOURCE_ORDER.filter((g) => present[g]);
}
