import type { CommitRecord } from '../commit-record.js';
import type { EvidenceBundle } from '../evidence-bundle.js';
import { ContributionList } from './contribution-list.js';
import {
  hasTaskTrailer,
  isCodeChanging,
  isConventional,
  MAX_SUBJECT_LENGTH,
  SUMMARY_SUBJECT_LENGTH,
} from './compute-commit-signals.js';
import { reviewSubject } from './compute-review-signals.js';
import { entryIds, presentIds } from './evidence-ids.js';
import type { CategoryRules } from './settle-category-score.js';
import { perUnitPoints, plural, proportionalPoints } from './rule-points.js';
import type { TaskSignals } from './task-signals.js';

/** processCompliance rules: reviews, commit conventions, tests and docs with code, merge discipline. */
export function scoreProcessCompliance(
  s: TaskSignals,
  bundle: EvidenceBundle,
  taskId: string,
  commits: readonly CommitRecord[] | null | undefined,
): CategoryRules<'processCompliance'> {
  const out = new ContributionList('processCompliance');
  reviewRules(out, s, bundle);
  commitRules(out, s, bundle, taskId, commits ?? []);
  const counterIds = presentIds(bundle, 'task-counters', 'task-merge', 'task-pr');
  const bounces = s.counters.mergeConflictBounceCount + s.counters.mergeAuditBounceCount;
  if (bounces > 0) {
    out.add(
      'counters.mergeBounce',
      `${plural(bounces, 'merge bounce')} (conflict ${s.counters.mergeConflictBounceCount}, audit ${s.counters.mergeAuditBounceCount})`,
      perUnitPoints(out.spec('counters.mergeBounce'), bounces),
      counterIds,
    );
  }
  if (s.counters.mergeRetries > 0) {
    out.add(
      'counters.mergeRetry',
      `${plural(s.counters.mergeRetries, 'merge retry', 'merge retries')} (mergeRetries)`,
      perUnitPoints(out.spec('counters.mergeRetry'), s.counters.mergeRetries),
      counterIds,
    );
  }
  return { list: out, caps: [] };
}

function reviewRules(out: ContributionList<'processCompliance'>, s: TaskSignals, bundle: EvidenceBundle): void {
  const subjects = Object.keys(s.reviews.lastVerdictByType);
  if (subjects.length === 0) {
    out.add('reviews.none', 'No review verdicts recorded (neither required nor penalised here)', 0);
    return;
  }
  const open = subjects.filter((k) => s.reviews.lastVerdictByType[k] !== 'APPROVE');
  if (open.length === 0) {
    out.add(
      'reviews.approved',
      `Every reviewed subject ended APPROVE (${subjects.join(', ')})`,
      out.spec('reviews.approved').points!,
      entryIds(bundle, 'reviews', (r) => r.verdict === 'APPROVE'),
    );
    return;
  }
  const openSet = new Set(open);
  const ids = entryIds(
    bundle,
    'reviews',
    (r) =>
      typeof r.reviewType === 'string' &&
      r.verdict !== 'APPROVE' &&
      openSet.has(reviewSubject(r.reviewType, typeof r.step === 'number' ? r.step : null)),
  );
  const detail = open.map((k) => `${k} ${s.reviews.lastVerdictByType[k]}`).join(', ');
  out.add(
    'reviews.unresolved',
    `${plural(open.length, 'review subject')} never approved (last verdict: ${detail})`,
    perUnitPoints(out.spec('reviews.unresolved'), open.length),
    ids,
  );
}

function commitRules(
  out: ContributionList<'processCompliance'>,
  s: TaskSignals,
  bundle: EvidenceBundle,
  taskId: string,
  commits: readonly CommitRecord[],
): void {
  if (!s.commits.known) {
    out.add('commits.unknown', 'No repository: commit conventions, tests and docs are unknown, not penalised', 0);
    return;
  }
  const ids = (pred: (c: CommitRecord) => boolean) =>
    presentIds(bundle, ...commits.filter(pred).map((c) => `commit-${c.sha}`));
  if (s.commits.count === 0) {
    if (s.outcome.done)
      out.add(
        'commits.none',
        'Task is done but no commit was attributed to it',
        out.spec('commits.none').points!,
        presentIds(bundle, 'task-outcome', 'task-branch'),
      );
    return;
  }
  const n = s.commits.count;
  out.add(
    'commits.trailer',
    `${s.commits.withTaskTrailer} of ${plural(n, 'commit')} carry a task-id trailer naming ${taskId}`,
    proportionalPoints(out.spec('commits.trailer'), s.commits.withTaskTrailer, n),
    ids((c) => hasTaskTrailer(c, taskId)),
  );
  // Recorded, not scored: what a conventional subject says changes with a project's era (docs/rubric.md).
  out.add(
    'commits.conventional',
    `${s.commits.conventional} of ${plural(n, 'commit')} have a conventional subject (recorded, not scored)`,
    proportionalPoints(out.spec('commits.conventional'), s.commits.conventional, n),
    ids(isConventional),
  );
  if (s.commits.longSubjects > 0) {
    out.add(
      'commits.longSubject',
      `${s.commits.longSubjects} of ${plural(n, 'commit')} have a subject over ${MAX_SUBJECT_LENGTH} characters`,
      proportionalPoints(out.spec('commits.longSubject'), s.commits.longSubjects, n),
      ids((c) => c.subject.length > MAX_SUBJECT_LENGTH),
    );
  }
  if (s.commits.wideSubjects > 0) {
    const wide = (c: CommitRecord) =>
      c.subject.length > SUMMARY_SUBJECT_LENGTH && c.subject.length <= MAX_SUBJECT_LENGTH;
    out.add(
      'commits.wideSubject',
      `${s.commits.wideSubjects} of ${plural(n, 'commit')} have a subject over ${SUMMARY_SUBJECT_LENGTH} characters (within ${MAX_SUBJECT_LENGTH})`,
      proportionalPoints(out.spec('commits.wideSubject'), s.commits.wideSubjects, n),
      ids(wide),
    );
  }
  if (s.commits.codeChanging === 0) return;
  if (s.commits.touchedDocs > 0) {
    out.add(
      'commits.docs',
      `Docs touched alongside code (${s.commits.touchedDocs} of ${plural(n, 'commit')})`,
      out.spec('commits.docs').points!,
      ids((c) => c.touchesDocs),
    );
  } else {
    out.add('commits.docs', 'Code changed without touching docs (no bonus)', 0, ids(isCodeChanging));
  }
  if (s.commits.touchedTests === 0) {
    out.add(
      'commits.testsMissing',
      `Code changed in ${plural(s.commits.codeChanging, 'commit')} but no commit touched tests`,
      out.spec('commits.testsMissing').points!,
      ids(isCodeChanging),
    );
  }
}
