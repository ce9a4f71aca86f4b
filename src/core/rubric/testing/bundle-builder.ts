import type { CommitHistorySignals, CommitRecord } from '../../commit-record.js';
import type { EvidenceBundle, EvidenceEntry, EvidenceGroup } from '../../evidence-bundle.js';
import { EVIDENCE_LIMITS, EVIDENCE_SOURCE_ORDER, type EvidenceSource } from '../../evidence-limits.js';
import { TASK_COUNTER_FIELDS, type ReviewVerdict, type Task } from '../../task.js';

/** A review verdict as the evidence layer would have parsed it from the task's log. */
export interface LogReview {
  type: string;
  step?: number | null;
  verdict: ReviewVerdict;
  timestamp?: string;
}

export interface TestBundleOptions {
  commits?: CommitRecord[] | null;
  history?: CommitHistorySignals | null;
  logReviews?: LogReview[];
  runId?: string;
}

type Ref = EvidenceEntry['ref'];

/**
 * A valid EvidenceBundle for rubric tests, following the evidence layer's id and ref conventions
 * (simplified: one agentlog entry per row, no excerpts). Groups are ordered by timestamp then id and capped.
 */
export function buildTestBundle(task: Task, options: TestBundleOptions = {}): EvidenceBundle {
  const entries: Record<EvidenceSource, EvidenceEntry[]> = Object.fromEntries(
    EVIDENCE_SOURCE_ORDER.map((s) => [s, []]),
  ) as never;
  const add = (source: EvidenceSource, id: string, label: string, ref: Ref, timestamp?: string | null) =>
    entries[source].push({ id, source, label, ref: { taskId: task.id, ...ref }, ...(timestamp ? { timestamp } : {}) });

  add('taskMetadata', 'task-spec', task.title ?? task.id, { column: task.column ?? null, status: task.status ?? null });
  add('taskMetadata', 'task-outcome', `Outcome: ${task.column ?? 'unknown'}`, {
    column: task.column ?? null,
    status: task.status ?? null,
    hasError: Boolean(task.error),
  });
  add('taskMetadata', 'task-branch', `Branch: ${task.branch ?? 'unknown'}`, { branch: task.branch ?? null });
  if (task.prInfo) add('taskMetadata', 'task-pr', 'PR', { prNumber: task.prInfo.number ?? null });
  if (task.mergeDetails)
    add('taskMetadata', 'task-merge', 'Merge', { mergeCommitSha: task.mergeDetails.commitSha ?? null });
  add('taskMetadata', 'task-execution', 'Execution', { executionStartedAt: task.executionStartedAt ?? null });
  add(
    'taskMetadata',
    'task-counters',
    'Counters',
    Object.fromEntries(TASK_COUNTER_FIELDS.map((f) => [f, task[f] ?? null])),
  );
  const history = options.history;
  if (history?.prior) add('taskMetadata', 'task-prior', 'Before the task', { ...history.prior });
  if (history) {
    add('taskMetadata', 'task-history', 'History', {
      reverted: history.reverted,
      revertShas: history.revertShas.join(','),
      laterFixes: history.laterFixShas.length,
      firstCommitAt: history.firstCommitAt,
      lastCommitAt: history.lastCommitAt,
    });
  }
  for (const c of options.commits ?? []) {
    add(
      'commits',
      `commit-${c.sha}`,
      c.subject,
      {
        sha: c.sha,
        author: c.author,
        date: c.date,
        touchesTests: c.touchesTests,
        touchesDocs: c.touchesDocs,
        configOnly: c.configOnly,
        touchesCode: c.touchesCode,
      },
      c.date,
    );
  }
  const seen = new Set<string>();
  (task.workflowStepResults ?? []).forEach((r, i) => {
    const id = seen.has(`workflow-${r.workflowStepId}`)
      ? `workflow-${r.workflowStepId}-${i}`
      : `workflow-${r.workflowStepId}`;
    seen.add(id);
    add(
      'workflow',
      id,
      `${r.workflowStepName ?? r.workflowStepId}: ${r.status}`,
      {
        kind: 'workflowStep',
        stepId: r.workflowStepId,
        name: r.workflowStepName ?? null,
        status: r.status,
        phase: r.phase ?? null,
      },
      r.completedAt ?? r.startedAt,
    );
  });
  (task.steps ?? []).forEach((s, i) =>
    add('workflow', `step-${i}`, `Step ${i}: ${s.name}`, { kind: 'step', step: i, name: s.name, status: s.status }),
  );
  (task.reviews ?? []).forEach((r, i) =>
    add(
      'reviews',
      `review-t${i}`,
      `${r.type}: ${r.verdict}`,
      { reviewType: r.type.toLowerCase(), step: r.step ?? null, verdict: r.verdict, reviewSource: 'task' },
      r.timestamp,
    ),
  );
  (options.logReviews ?? []).forEach((r, i) =>
    add(
      'reviews',
      `review-l${i}`,
      `${r.type}: ${r.verdict}`,
      { reviewType: r.type.toLowerCase(), step: r.step ?? null, verdict: r.verdict, reviewSource: 'log' },
      r.timestamp,
    ),
  );
  (task.agentLogs ?? []).forEach((l, i) =>
    add(
      'agentLogs',
      `agentlog-${i}`,
      `${l.agent ?? 'agent'} ${l.type}`,
      { logType: l.type, agent: l.agent ?? null },
      l.timestamp,
    ),
  );

  const groups: EvidenceGroup[] = EVIDENCE_SOURCE_ORDER.map((source) => {
    const sorted = [...entries[source]].sort(
      (a, b) => (a.timestamp ?? '').localeCompare(b.timestamp ?? '') || a.id.localeCompare(b.id),
    );
    const kept = sorted.slice(Math.max(0, sorted.length - EVIDENCE_LIMITS[source]));
    return { source, entries: kept, total: sorted.length, omitted: sorted.length - kept.length };
  });
  return { taskId: task.id, runId: options.runId ?? 'run-test', groups, digest: '0'.repeat(64) };
}
