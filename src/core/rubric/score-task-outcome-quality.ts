import type { CommitRecord } from '../commit-record.js';
import type { EvidenceBundle } from '../evidence-bundle.js';
import type { Task } from '../task.js';
import { ContributionList } from './contribution-list.js';
import { isCodeChanging } from './compute-commit-signals.js';
import { latestByStep } from './compute-workflow-signals.js';
import { entryIds, presentIds } from './evidence-ids.js';
import { perUnitPoints, plural } from './rule-points.js';
import type { CategoryCap, CategoryRules } from './settle-category-score.js';
import type { TaskSignals } from './task-signals.js';

/** taskOutcomeQuality rules: whether the task was delivered, verified, tested, and stayed delivered. */
export function scoreTaskOutcomeQuality(s: TaskSignals, bundle: EvidenceBundle, task: Task, commits: readonly CommitRecord[] | null | undefined): CategoryRules<'taskOutcomeQuality'> {
  const out = new ContributionList('taskOutcomeQuality');
  const caps: CategoryCap<'taskOutcomeQuality'>[] = [];
  const outcomeIds = presentIds(bundle, 'task-outcome', 'task-merge');
  const where = [s.outcome.column, s.outcome.status].filter(Boolean).join(' / ') || 'unknown';
  if (s.outcome.failed) {
    out.add('outcome.failed', `Task ended failed (${where}${task.error ? ', error recorded' : ''})`, out.spec('outcome.failed').points!, outcomeIds);
    caps.push({ rule: 'outcome.failedCap', label: 'A failed task scores at most', evidence: outcomeIds });
  } else if (s.outcome.done) {
    out.add('outcome.done', `Task ended done (${where})`, out.spec('outcome.done').points!, outcomeIds);
  } else {
    out.add('outcome.notDone', `Task did not reach done (ended ${where})`, out.spec('outcome.notDone').points!, outcomeIds);
  }

  const workflowStepIds = entryIds(bundle, 'workflow', (r) => r.kind === 'workflowStep');
  if (s.workflow.steps > 0 && s.workflow.unsettled === 0 && s.workflow.passed > 0) {
    out.add('workflow.allPassed', `All ${plural(s.workflow.steps, 'workflow step')} passed or skipped on their latest run`, out.spec('workflow.allPassed').points!, workflowStepIds);
  }
  if (s.workflow.finalFailed > 0) {
    const failing = new Set([...latestByStep(task.workflowStepResults ?? []).values()].filter((r) => r.status === 'failed').map((r) => r.workflowStepId));
    out.add('workflow.finalFailed', `${plural(s.workflow.finalFailed, 'workflow step')} still failing on the latest run`, perUnitPoints(out.spec('workflow.finalFailed'), s.workflow.finalFailed),
      entryIds(bundle, 'workflow', (r) => r.kind === 'workflowStep' && r.status === 'failed' && typeof r.stepId === 'string' && failing.has(r.stepId)));
  }

  if (!s.commits.known) {
    out.add('commits.unknown', 'No repository: whether the commits touched tests is unknown', 0);
  } else if (s.commits.touchedTests > 0) {
    const ids = presentIds(bundle, ...(commits ?? []).filter((c) => c.touchesTests).map((c) => `commit-${c.sha}`));
    out.add('commits.tests', `${s.commits.touchedTests} of ${plural(s.commits.count, 'commit')} touched tests`, out.spec('commits.tests').points!, ids);
  } else if (s.commits.codeChanging > 0) {
    out.add('commits.tests', `None of ${plural(s.commits.count, 'commit')} touched tests (no bonus)`, 0, codeCommitIds(bundle, commits));
  }

  const verification = s.counters.verificationFailureCount;
  if (verification > 0) {
    out.add('counters.verificationFailure', `${plural(verification, 'verification failure')} (verificationFailureCount)`, perUnitPoints(out.spec('counters.verificationFailure'), verification), presentIds(bundle, 'task-counters'));
  }
  historyRules(out, caps, s, presentIds(bundle, 'task-history'));
  return { list: out, caps };
}

function historyRules(out: ContributionList<'taskOutcomeQuality'>, caps: CategoryCap<'taskOutcomeQuality'>[], s: TaskSignals, ids: string[]): void {
  if (!s.outcome.historyKnown) {
    out.add('history.unknown', 'Later history not examined: reverts and later fixes unknown', 0);
    return;
  }
  if (s.outcome.reverted) {
    out.add('history.reverted', 'The task\'s commits were later reverted', out.spec('history.reverted').points!, ids);
    caps.push({ rule: 'history.revertedCap', label: 'A reverted task scores at most', evidence: ids });
  }
  if (s.outcome.laterFixes > 0) {
    out.add('history.laterFixes', `${plural(s.outcome.laterFixes, 'later fix commit')} named the task`, perUnitPoints(out.spec('history.laterFixes'), s.outcome.laterFixes), ids);
  }
  if (s.outcome.firstToLastCommitMs !== null) {
    out.add('history.span', `First to last commit took ${formatDuration(s.outcome.firstToLastCommitMs)} (recorded, not scored)`, 0, ids);
  }
}

/** `2h 5m`, `45m`, `30s`: enough to read, no locale. */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes === 0) return `${Math.floor(ms / 1000)}s`;
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  return [days ? `${days}d` : '', hours ? `${hours}h` : '', rest ? `${rest}m` : ''].filter(Boolean).join(' ') || '0m';
}

function codeCommitIds(bundle: EvidenceBundle, commits: readonly CommitRecord[] | null | undefined): string[] {
  return presentIds(bundle, ...(commits ?? []).filter(isCodeChanging).map((c) => `commit-${c.sha}`));
}
