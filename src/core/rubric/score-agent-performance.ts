import type { EvidenceBundle } from '../evidence-bundle.js';
import { ContributionList } from './contribution-list.js';
import { entryIds, presentIds } from './evidence-ids.js';
import type { CategoryRules } from './settle-category-score.js';
import { perUnitPoints, plural } from './rule-points.js';
import type { TaskSignals } from './task-signals.js';

/** agentPerformance rules: how the agent executed, recovered and decided (docs/rubric.md). */
export function scoreAgentPerformance(s: TaskSignals, bundle: EvidenceBundle): CategoryRules<'agentPerformance'> {
  const out = new ContributionList('agentPerformance');
  const stepIds = entryIds(bundle, 'workflow', (r) => r.kind === 'step');
  const settled = s.steps.done + s.steps.skipped;
  if (s.steps.total > 0 && settled === s.steps.total && s.steps.done > 0) {
    out.add('steps.allDone', `All ${plural(s.steps.total, 'plan step')} done`, out.spec('steps.allDone').points!, stepIds);
  } else if (s.steps.total > settled) {
    const open = s.steps.total - settled;
    out.add('steps.incomplete', `${open} of ${plural(s.steps.total, 'plan step')} not done`, perUnitPoints(out.spec('steps.incomplete'), open),
      entryIds(bundle, 'workflow', (r) => r.kind === 'step' && r.status !== 'done' && r.status !== 'skipped'));
  }
  if (s.workflow.failed > 0) {
    out.add('workflow.failed', `${plural(s.workflow.failed, 'failed workflow step result')}`, perUnitPoints(out.spec('workflow.failed'), s.workflow.failed),
      entryIds(bundle, 'workflow', (r) => r.kind === 'workflowStep' && r.status === 'failed'));
  }
  if (s.reviews.rethink > 0) {
    out.add('reviews.rethink', `${plural(s.reviews.rethink, 'RETHINK verdict')}`, perUnitPoints(out.spec('reviews.rethink'), s.reviews.rethink),
      entryIds(bundle, 'reviews', (r) => r.verdict === 'RETHINK'));
  }
  if (s.reviews.revise > 1) {
    out.add('reviews.revise', `${plural(s.reviews.revise, 'REVISE verdict')} (the first is free)`, perUnitPoints(out.spec('reviews.revise'), s.reviews.revise - 1),
      entryIds(bundle, 'reviews', (r) => r.verdict === 'REVISE'));
  }
  counterRules(out, s, presentIds(bundle, 'task-counters'));
  if (s.agentLogs.toolErrors > 0) {
    out.add('agentLogs.toolErrors', `${plural(s.agentLogs.toolErrors, 'tool error')} in the agent logs`, perUnitPoints(out.spec('agentLogs.toolErrors'), s.agentLogs.toolErrors),
      entryIds(bundle, 'agentLogs', (r) => r.logType === 'tool_error'));
  }
  if (s.outcome.failed) {
    out.add('outcome.failed', `Task ended failed${s.outcome.status ? ` (status ${s.outcome.status})` : ''}`, out.spec('outcome.failed').points!, presentIds(bundle, 'task-outcome'));
  }
  return { list: out, caps: [] };
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
    out.add('counters.unknown', 'Retry and recovery counters not recorded: no clean-run bonus, no penalty', 0, evidence);
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
  out.add('run.clean', 'Clean run: no stuck kills, recovery, workflow-step or task-done retries, or post-review fixes', out.spec('run.clean').points!, evidence);
}
