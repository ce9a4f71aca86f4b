import type { CommitRecord } from '../commit-record.js';
import type { EvidenceBundle } from '../evidence-bundle.js';
import { ContributionList } from './contribution-list.js';
import { entryIds, presentIds } from './evidence-ids.js';
import type { CategoryRules } from './settle-category-score.js';
import { bandPoints, perUnitPoints, plural } from './rule-points.js';
import { formatDuration } from './score-task-outcome-quality.js';
import type { TaskSignals } from './task-signals.js';

/** agentPerformance rules: how the agent executed, recovered and decided (docs/rubric.md). */
export function scoreAgentPerformance(
  s: TaskSignals,
  bundle: EvidenceBundle,
  commits?: readonly CommitRecord[] | null,
): CategoryRules<'agentPerformance'> {
  const out = new ContributionList('agentPerformance');
  const stepIds = entryIds(bundle, 'workflow', (r) => r.kind === 'step');
  const settled = s.steps.done + s.steps.skipped;
  if (s.steps.total > 0 && settled === s.steps.total && s.steps.done > 0) {
    out.add(
      'steps.allDone',
      `All ${plural(s.steps.total, 'plan step')} done`,
      out.spec('steps.allDone').points!,
      stepIds,
    );
  } else if (s.steps.total > settled) {
    const open = s.steps.total - settled;
    out.add(
      'steps.incomplete',
      `${open} of ${plural(s.steps.total, 'plan step')} not done`,
      perUnitPoints(out.spec('steps.incomplete'), open),
      entryIds(bundle, 'workflow', (r) => r.kind === 'step' && r.status !== 'done' && r.status !== 'skipped'),
    );
  }
  if (s.workflow.failed > 0) {
    out.add(
      'workflow.failed',
      `${plural(s.workflow.failed, 'failed workflow step result')}`,
      perUnitPoints(out.spec('workflow.failed'), s.workflow.failed),
      entryIds(bundle, 'workflow', (r) => r.kind === 'workflowStep' && r.status === 'failed'),
    );
  }
  if (s.reviews.rethink > 0) {
    out.add(
      'reviews.rethink',
      `${plural(s.reviews.rethink, 'RETHINK verdict')}`,
      perUnitPoints(out.spec('reviews.rethink'), s.reviews.rethink),
      entryIds(bundle, 'reviews', (r) => r.verdict === 'RETHINK'),
    );
  }
  if (s.reviews.revise > 1) {
    out.add(
      'reviews.revise',
      `${plural(s.reviews.revise, 'REVISE verdict')} (the first is free)`,
      perUnitPoints(out.spec('reviews.revise'), s.reviews.revise - 1),
      entryIds(bundle, 'reviews', (r) => r.verdict === 'REVISE'),
    );
  }
  counterRules(out, s, presentIds(bundle, 'task-counters'));
  // The whole session counts failures the kept log entries may not hold (older entries are dropped).
  const toolErrors = s.agentLogs.session
    ? Math.max(s.agentLogs.session.failedCommands, s.agentLogs.toolErrors)
    : s.agentLogs.toolErrors;
  if (toolErrors > 0) {
    out.add(
      'agentLogs.toolErrors',
      `${plural(toolErrors, 'failed command')} in the agent's session`,
      perUnitPoints(out.spec('agentLogs.toolErrors'), toolErrors),
      entryIds(bundle, 'agentLogs', (r) => r.logType === 'tool_error'),
    );
  }
  sessionRules(out, s);
  if (s.outcome.failed) {
    out.add(
      'outcome.failed',
      `Task ended failed${s.outcome.status ? ` (status ${s.outcome.status})` : ''}`,
      out.spec('outcome.failed').points!,
      presentIds(bundle, 'task-outcome'),
    );
  }
  reworkRules(out, s, presentIds(bundle, ...(commits ?? []).map((c) => `commit-${c.sha}`)));
  return { list: out, caps: [] };
}

/** From the whole agent session: how long it took to get there, and edits the harness refused. */
function sessionRules(out: ContributionList<'agentPerformance'>, s: TaskSignals): void {
  const session = s.agentLogs.session;
  if (!session) return;
  const steps = bandPoints(out.spec('session.steps'), session.steps);
  out.add('session.steps', `${plural(session.steps, 'step')} in the agent's session`, steps);
  if (session.rejectedEdits > 0) {
    out.add(
      'session.rejectedEdits',
      `${plural(session.rejectedEdits, 'edit')} refused for introducing syntax errors`,
      perUnitPoints(out.spec('session.rejectedEdits'), session.rejectedEdits),
    );
  }
}

/** From the commits alone: how many attempts the change took, how long, and how far it spread. */
function reworkRules(out: ContributionList<'agentPerformance'>, s: TaskSignals, commitIds: string[]): void {
  if (!s.commits.known || s.commits.count === 0) return;
  if (s.commits.distinctCode > 1) {
    out.add(
      'rework.commits',
      `${s.commits.distinctCode} code commits: ${s.commits.distinctCode - 1} more attempt${s.commits.distinctCode === 2 ? '' : 's'} after the first`,
      perUnitPoints(out.spec('rework.commits'), s.commits.distinctCode - 1),
      commitIds,
    );
  }
  const spanMs = s.outcome.firstToLastCommitMs;
  if (spanMs !== null && spanMs > 0) {
    out.add(
      'rework.span',
      `First to last commit took ${formatDuration(spanMs)}`,
      bandPoints(out.spec('rework.span'), spanMs / 3_600_000),
      commitIds,
    );
  }
  if (s.commits.codeDirs > 1) {
    out.add(
      'focus.spread',
      `Code changed in ${s.commits.codeDirs} directories`,
      perUnitPoints(out.spec('focus.spread'), s.commits.codeDirs - 1),
      commitIds,
    );
  }
  if (s.commits.codeFiles > 0) {
    out.add(
      'focus.files',
      `${s.commits.codeFiles} code file${s.commits.codeFiles === 1 ? '' : 's'} changed`,
      perUnitPoints(out.spec('focus.files'), s.commits.codeFiles),
      commitIds,
    );
  }
  if (s.commits.codeLinesAdded > 0 && s.commits.testLinesAdded === 0) {
    out.add(
      'verify.testsMissing',
      `${s.commits.codeLinesAdded} code lines added without a test line`,
      out.spec('verify.testsMissing').points!,
      commitIds,
    );
  }
}

const AGENT_COUNTERS = [
  ['counters.stuckKill', 'stuckKillCount', 'stuck kill', 'stuck kills'],
  ['counters.recoveryRetry', 'recoveryRetryCount', 'recovery retry', 'recovery retries'],
  ['counters.workflowStepRetry', 'workflowStepRetries', 'workflow step retry', 'workflow step retries'],
  ['counters.postReviewFix', 'postReviewFixCount', 'post-review fix', 'post-review fixes'],
  ['counters.taskDoneRetry', 'taskDoneRetryCount', 'task-done retry', 'task-done retries'],
] as const;

function counterRules(out: ContributionList<'agentPerformance'>, s: TaskSignals, evidence: string[]): void {
  if (!s.counters.known) {
    out.add(
      'counters.unknown',
      'Retry and recovery counters not recorded: no clean-run bonus, no penalty',
      0,
      evidence,
    );
    return;
  }
  let any = false;
  for (const [rule, field, one, many] of AGENT_COUNTERS) {
    const n = s.counters[field];
    if (n <= 0) continue;
    any = true;
    out.add(rule, `${plural(n, one, many)} (${field})`, perUnitPoints(out.spec(rule), n), evidence);
  }
  if (any) return;
  // Credit only what was recorded: otherwise recording one unrelated counter could earn the bonus.
  const missing = AGENT_COUNTERS.map(([, field]) => field).filter((f) => !s.counters.recorded.includes(f));
  if (missing.length > 0) {
    out.add('counters.unknown', `${missing.join(', ')} not recorded: no clean-run bonus`, 0, evidence);
    return;
  }
  out.add(
    'run.clean',
    'Clean run: no stuck kills, recovery, workflow-step or task-done retries, or post-review fixes',
    out.spec('run.clean').points!,
    evidence,
  );
}
