import { TaskSchema, type Task } from '../../core/index.js';
import type { GithubPullBundle } from './github-pull-bundle.js';
import { pullReviews } from './pull-reviews.js';

/** Timeline events that say what happened to a pull request; the rest (labels, mentions) are noise. */
const EVENTS = new Set([
  'ready_for_review',
  'convert_to_draft',
  'head_ref_force_pushed',
  'closed',
  'merged',
  'reopened',
  'reviewed',
  'committed',
]);

const FAILED = new Set(['failure', 'error', 'timed_out', 'cancelled', 'action_required', 'startup_failure']);

/** When a pull request was ready for review: opened, or last converted from draft. */
export function readyAtOf(bundle: GithubPullBundle): string {
  const ready = bundle.timeline
    .filter((e) => e.event === 'ready_for_review' && e.created_at)
    .map((e) => e.created_at!)
    .sort();
  return ready[ready.length - 1] ?? bundle.pull.created_at;
}

/**
 * One pull request fetched from GitHub as a task `PR-<N>`. With `hindsight: false` the task holds only what existed
 * when it was ready for review: no review, commit, check or event after that moment, and no merge state, so a
 * score cannot read the outcome it is meant to predict.
 */
export function githubPullTask(bundle: GithubPullBundle, hindsight: boolean): Task {
  const { pull } = bundle;
  const readyAt = readyAtOf(bundle);
  const known = (at: string | null | undefined) => hindsight || (at != null && Date.parse(at) <= Date.parse(readyAt));
  const reviews = pullReviews(
    bundle.reviews.map((r) => ({
      state: r.state,
      body: r.body ?? null,
      reviewer: r.user?.login ?? null,
      submittedAt: r.submitted_at ?? null,
    })),
    known,
  );
  const commits = bundle.commits.filter((c) => known(c.commit.committer?.date ?? c.commit.author?.date));
  // Checks belong to the head they ran on: at ready time only those finished by then on a head pushed by then.
  const headKnown = bundle.commits.length === 0 || commits.length === bundle.commits.length;
  const checks = [
    ...bundle.checkRuns.map((c) => ({
      name: c.name ?? 'check',
      status: c.status === 'completed' ? checkStatus(c.conclusion ?? '') : ('pending' as const),
      startedAt: c.started_at ?? null,
      completedAt: c.completed_at ?? null,
    })),
    ...bundle.statuses.map((s) => ({
      name: s.context ?? 'status',
      status:
        s.state === 'success'
          ? ('passed' as const)
          : s.state === 'pending'
            ? ('pending' as const)
            : ('failed' as const),
      startedAt: s.created_at ?? null,
      completedAt: s.updated_at ?? null,
    })),
  ].filter((c) => hindsight || (headKnown && known(c.completedAt)));
  const events = bundle.timeline.filter((e) => EVENTS.has(e.event) && known(eventAt(e)) && eventAt(e));
  const firstReview = bundle.reviews
    .map((r) => r.submitted_at)
    .filter((at): at is string => Boolean(at))
    .sort()[0];
  // Iterations: pushes after the first review (new commits, force pushes); an outcome, so only with hindsight.
  const iterations = firstReview
    ? bundle.commits.filter((c) => (c.commit.committer?.date ?? '') > firstReview).length +
      bundle.timeline.filter((e) => e.event === 'head_ref_force_pushed' && (e.created_at ?? '') > firstReview).length
    : 0;
  const state = pull.merged_at ? 'merged' : pull.state;
  return TaskSchema.parse({
    id: `PR-${pull.number}`,
    title: pull.title ?? `Pull request #${pull.number}`,
    ...(pull.body ? { description: pull.body } : {}),
    column: hindsight ? (state === 'merged' ? 'done' : state) : 'in-review',
    createdAt: pull.created_at,
    executionStartedAt: pull.created_at,
    executionCompletedAt: readyAt,
    // The head as a clone holds it after fetching refs/pull/*: with --repo, its commits come from git.
    branch: `refs/pull/${pull.number}/head`,
    ...(pull.base.sha ? { baseCommitSha: pull.base.sha } : {}),
    ...(pull.base.ref ? { baseBranch: pull.base.ref } : {}),
    ...(reviews.length ? { reviews } : {}),
    ...(checks.length
      ? {
          workflowStepResults: checks.map((c, i) => ({
            workflowStepId: `check-${i}`,
            workflowStepName: c.name,
            status: c.status,
            startedAt: c.startedAt,
            completedAt: c.completedAt,
          })),
        }
      : {}),
    ...(events.length
      ? {
          log: events.map((e) => ({
            timestamp: eventAt(e),
            action: e.event.replace(/_/g, ' '),
            outcome: e.event === 'reviewed' ? (e.state ?? null) : null,
          })),
        }
      : {}),
    ...(pull.labels?.length
      ? {
          labels: Object.fromEntries(
            pull.labels.map((l) => [`label.${l.name.replace(/[^A-Za-z0-9_.-]/g, '_')}`, 'yes']),
          ),
        }
      : {}),
    ...(hindsight && pull.merged_at && pull.merge_commit_sha
      ? { mergeDetails: { commitSha: pull.merge_commit_sha, mergedAt: pull.merged_at, prNumber: pull.number } }
      : {}),
    prInfo: {
      number: pull.number,
      url: pull.html_url ?? null,
      status: hindsight ? state : 'open',
      title: pull.title ?? null,
      headBranch: pull.head.ref ?? null,
      baseBranch: pull.base.ref ?? null,
      author: pull.user?.login ?? null,
      readyAt,
      commits: commits.length,
      commitSubjects: commits.map((c) => c.commit.message.split('\n')[0]!),
      ...(hindsight
        ? {
            isDraft: pull.draft ?? null,
            additions: pull.additions ?? null,
            deletions: pull.deletions ?? null,
            changedFiles: pull.changed_files ?? null,
            reviewComments: pull.review_comments ?? null,
            iterations,
            mergedAt: pull.merged_at ?? null,
            closedAt: pull.closed_at ?? null,
          }
        : {}),
    },
  });
}

function eventAt(e: GithubPullBundle['timeline'][number]): string | null {
  return e.created_at ?? e.submitted_at ?? null;
}

function checkStatus(conclusion: string): 'passed' | 'failed' | 'skipped' {
  if (conclusion === 'skipped') return 'skipped';
  return FAILED.has(conclusion) ? 'failed' : 'passed';
}
