import type { CommitRecord } from '../commit-record.js';
import type { EvidenceBundle } from '../evidence-bundle.js';
import type { Task } from '../task.js';
import { ContributionList } from './contribution-list.js';
import { isCodeChanging } from './compute-commit-signals.js';
import { latestByStep } from './compute-workflow-signals.js';
import { entryIds, presentIds } from './evidence-ids.js';
import { bandPoints, perUnitPoints, plural } from './rule-points.js';
import type { CategoryCap, CategoryRules } from './settle-category-score.js';
import type { TaskSignals } from './task-signals.js';

/** taskOutcomeQuality rules: whether the task was delivered, verified, tested, and stayed delivered. */
export function scoreTaskOutcomeQuality(
  s: TaskSignals,
  bundle: EvidenceBundle,
  task: Task,
  commits: readonly CommitRecord[] | null | undefined,
): CategoryRules<'taskOutcomeQuality'> {
  const out = new ContributionList('taskOutcomeQuality');
  const caps: CategoryCap<'taskOutcomeQuality'>[] = [];
  const outcomeIds = presentIds(bundle, 'task-outcome', 'task-merge');
  const where = [s.outcome.column, s.outcome.status].filter(Boolean).join(' / ') || 'unknown';
  if (s.outcome.failed) {
    out.add(
      'outcome.failed',
      `Task ended failed (${where}${task.error ? ', error recorded' : ''})`,
      out.spec('outcome.failed').points!,
      outcomeIds,
    );
    caps.push({ rule: 'outcome.failedCap', label: 'A failed task scores at most', evidence: outcomeIds });
  } else if (s.outcome.done) {
    out.add('outcome.done', `Task ended done (${where})`, out.spec('outcome.done').points!, outcomeIds);
  } else if (s.outcome.column === null && s.outcome.status === null) {
    out.add(
      'outcome.unknown',
      'The record gives no column or status: whether the task ended done is unknown, not penalised',
      0,
      outcomeIds,
    );
  } else {
    out.add(
      'outcome.notDone',
      `Task did not reach done (ended ${where})`,
      out.spec('outcome.notDone').points!,
      outcomeIds,
    );
  }

  const workflowStepIds = entryIds(bundle, 'workflow', (r) => r.kind === 'workflowStep');
  if (s.workflow.steps > 0 && s.workflow.unsettled === 0 && s.workflow.passed > 0) {
    out.add(
      'workflow.allPassed',
      `All ${plural(s.workflow.steps, 'workflow step')} passed or skipped on their latest run`,
      out.spec('workflow.allPassed').points!,
      workflowStepIds,
    );
  }
  if (s.workflow.finalFailed > 0) {
    const failing = new Set(
      [...latestByStep(task.workflowStepResults ?? []).values()]
        .filter((r) => r.status === 'failed')
        .map((r) => r.workflowStepId),
    );
    out.add(
      'workflow.finalFailed',
      `${plural(s.workflow.finalFailed, 'workflow step')} still failing on the latest run`,
      perUnitPoints(out.spec('workflow.finalFailed'), s.workflow.finalFailed),
      entryIds(
        bundle,
        'workflow',
        (r) =>
          r.kind === 'workflowStep' && r.status === 'failed' && typeof r.stepId === 'string' && failing.has(r.stepId),
      ),
    );
  }

  riskRules(out, s, bundle, commits);
  sessionRules(out, s);
  const verification = s.counters.verificationFailureCount;
  if (verification > 0) {
    out.add(
      'counters.verificationFailure',
      `${plural(verification, 'verification failure')} (verificationFailureCount)`,
      perUnitPoints(out.spec('counters.verificationFailure'), verification),
      presentIds(bundle, 'task-counters'),
    );
  }
  historyRules(out, caps, s, presentIds(bundle, 'task-history'));
  return { list: out, caps };
}

/**
 * What the change risks, measured at evaluation time: its size, how much existing code it changed, and how
 * busy and bug-prone its files were just before it (docs/rubric.md gives each rule's measured AUC).
 */
function riskRules(
  out: ContributionList<'taskOutcomeQuality'>,
  s: TaskSignals,
  bundle: EvidenceBundle,
  commits: readonly CommitRecord[] | null | undefined,
): void {
  const patch = s.agentLogs.session;
  if ((!s.commits.known || s.commits.count === 0) && patch && patch.patchLinesAdded !== null) {
    // No commits, but the session submitted a patch (a benchmark trajectory): its size is the change's.
    out.add(
      'risk.size',
      `${patch.patchLinesAdded} lines added by the submitted patch`,
      bandPoints(out.spec('risk.size'), patch.patchLinesAdded),
    );
    if ((patch.patchLinesDeleted ?? 0) > 0) {
      out.add(
        'risk.changedLines',
        `${patch.patchLinesDeleted} existing lines changed or deleted by the patch`,
        bandPoints(out.spec('risk.changedLines'), patch.patchLinesDeleted!),
      );
    }
    return;
  }
  if (!s.commits.known) {
    out.add('commits.unknown', 'No repository: the size and risk of the change are unknown', 0);
    return;
  }
  if (s.commits.count === 0) return;
  const codeIds = codeCommitIds(bundle, commits);
  const unknown =
    s.commits.linesUnknown > 0 ? ` (${plural(s.commits.linesUnknown, 'commit')} with unknown line counts)` : '';
  out.add(
    'risk.size',
    `${plural(s.commits.codeLinesAdded, 'code line')} added in ${plural(s.commits.codeFiles, 'file')}${unknown}`,
    bandPoints(out.spec('risk.size'), s.commits.codeLinesAdded),
    codeIds,
  );
  if (s.commits.configLinesAdded > 0) {
    // Config changes break builds and workflows as code does; lockfiles are left out as machine-written.
    out.add(
      'risk.configSize',
      `${plural(s.commits.configLinesAdded, 'config line')} added (lockfiles not counted)`,
      bandPoints(out.spec('risk.configSize'), s.commits.configLinesAdded),
      presentIds(
        bundle,
        ...(commits ?? []).filter((c) => c.files.some((f) => f.kind === 'config')).map((c) => `commit-${c.sha}`),
      ),
    );
  }
  if (s.commits.codeLinesDeleted > 0) {
    out.add(
      'risk.changedLines',
      `${plural(s.commits.codeLinesDeleted, 'existing code line')} changed or deleted`,
      bandPoints(out.spec('risk.changedLines'), s.commits.codeLinesDeleted),
      codeIds,
    );
  }
  if (s.commits.distinctCode > 1) {
    out.add(
      'delivery.rework',
      `Delivered in ${s.commits.distinctCode} code commits: ${s.commits.distinctCode - 1} beyond the first`,
      perUnitPoints(out.spec('delivery.rework'), s.commits.distinctCode - 1),
      presentIds(bundle, ...(commits ?? []).map((c) => `commit-${c.sha}`)),
    );
  }
  if (!s.prior) return;
  const priorIds = presentIds(bundle, 'task-prior');
  out.add(
    'risk.churn',
    `${plural(s.prior.commits, 'other commit')} on its code files in the 14 days before`,
    bandPoints(out.spec('risk.churn'), s.prior.commits),
    priorIds,
  );
  out.add(
    'risk.hotFile',
    `Its busiest code file had ${plural(s.prior.hottestFile, 'commit')} in those 14 days`,
    bandPoints(out.spec('risk.hotFile'), s.prior.hottestFile),
    priorIds,
  );
  if (s.prior.hoursSinceChange != null) {
    out.add(
      'risk.recentChange',
      `Its code files last changed ${Math.round(s.prior.hoursSinceChange)}h before it`,
      bandPoints(out.spec('risk.recentChange'), s.prior.hoursSinceChange),
      priorIds,
    );
  }
  out.add(
    'risk.priorFixes',
    `${plural(s.prior.fixes, 'fix commit')} on its code files in the 30 days before`,
    bandPoints(out.spec('risk.priorFixes'), s.prior.fixes),
    priorIds,
  );
}

/** What the agent's own session says of the result: edits piled up, declared failures, no submission. */
function sessionRules(out: ContributionList<'taskOutcomeQuality'>, s: TaskSignals): void {
  const session = s.agentLogs.session;
  if (!session) return;
  if (session.edits > 0)
    out.add(
      'session.edits',
      `${plural(session.edits, 'edit')} before the result`,
      bandPoints(out.spec('session.edits'), session.edits),
    );
  if (session.gaveUp > 0) {
    out.add(
      'session.gaveUp',
      `The agent declared failure ${session.gaveUp === 1 ? 'once' : `${session.gaveUp} times`}`,
      perUnitPoints(out.spec('session.gaveUp'), session.gaveUp),
    );
  }
  if (session.lastTestPassed === false) {
    // The agent's own last check of its work failed: what it handed over was not shown to work.
    out.add(
      'session.lastTestFailed',
      `The last of ${plural(session.testRuns, 'test run')} in the session failed`,
      out.spec('session.lastTestFailed').points!,
    );
  }
  if (session.exitStatus !== null && !/submitted/i.test(session.exitStatus)) {
    out.add(
      'session.notSubmitted',
      `The session ended "${session.exitStatus}" without submitting`,
      out.spec('session.notSubmitted').points!,
    );
  }
}

function historyRules(
  out: ContributionList<'taskOutcomeQuality'>,
  caps: CategoryCap<'taskOutcomeQuality'>[],
  s: TaskSignals,
  ids: string[],
): void {
  if (!s.outcome.historyKnown) {
    out.add('history.unknown', 'Later history not read (evaluation time): reverts and later fixes not used', 0);
    return;
  }
  if (s.outcome.reverted) {
    out.add('history.reverted', "The task's commits were later reverted", out.spec('history.reverted').points!, ids, {
      hindsight: true,
    });
    caps.push({ rule: 'history.revertedCap', label: 'A reverted task scores at most', evidence: ids, hindsight: true });
  }
  if (s.outcome.laterFixes > 0) {
    out.add(
      'history.laterFixes',
      `${plural(s.outcome.laterFixes, 'later fix commit')} named the task`,
      perUnitPoints(out.spec('history.laterFixes'), s.outcome.laterFixes),
      ids,
      { hindsight: true },
    );
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
