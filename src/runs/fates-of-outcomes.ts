import type { PullFate, TaskFate } from '../core/index.js';
import type { TaskSet } from '../sources/index.js';
import type { ProjectOutcomes } from './compute-project-outcomes.js';
import type { PullOutcome } from './pull-outcome.js';

const DAY_MS = 86_400_000;

const STATE: Record<PullOutcome['state'], PullFate['state']> = {
  merged: 'merged',
  'closed unmerged': 'closed',
  open: 'open',
  'not merged': 'unmerged',
};

/**
 * The fates `taskeval outcomes` learned, as the store keeps them: one per task, keyed by its project. A later-fix
 * answer whose window has not passed by the newest commit read is "not yet known" (null), never "clean".
 */
export function fatesOfOutcomes(input: {
  set: TaskSet;
  outcomes: ProjectOutcomes | null;
  pulls: readonly PullOutcome[] | null;
  pullSource: PullFate['source'];
  now: string;
}): TaskFate[] {
  const { set, outcomes, pulls, now } = input;
  const historyUntil = newestCommitAt(set);
  const windowMs = outcomes?.windowMs ?? 7 * DAY_MS;
  const byTask = new Map((outcomes?.rows ?? []).map((r) => [r.taskId, r]));
  const fixKnown = (deliveredAt: string | null) =>
    deliveredAt !== null && historyUntil !== null && Date.parse(historyUntil) - Date.parse(deliveredAt) >= windowMs;
  const common = {
    projectId: set.projectId,
    fixWindowDays: Math.round((windowMs / DAY_MS) * 1000) / 1000,
    computedAt: now,
    historyUntil,
  };
  if (pulls) {
    const tasks = new Map(set.items.map((i) => [i.task.id, i.task]));
    return pulls.map((p) => {
      const pr = tasks.get(p.taskId)?.prInfo ?? {};
      const deliveredAt = typeof pr.mergedAt === 'string' ? pr.mergedAt : (byTask.get(p.taskId)?.completedAt ?? null);
      const merged = p.state === 'merged';
      return {
        ...common,
        taskId: p.taskId,
        kind: 'pull' as const,
        pull: {
          state: STATE[p.state],
          source: input.pullSource,
          hoursToMerge: p.hoursToMerge !== null && p.hoursToMerge >= 0 ? p.hoursToMerge : null,
          reviewRounds: p.reviewRounds,
          iterations: p.iterations,
        },
        deliveredAt: merged ? iso(deliveredAt) : null,
        reverted: merged ? p.reverted : null,
        fixed: merged && p.fixed !== null ? (p.fixed || fixKnown(iso(deliveredAt)) ? p.fixed : null) : null,
        fixedLines: merged ? (byTask.get(p.taskId)?.blamedLines ?? null) : null,
      };
    });
  }
  return (outcomes?.rows ?? []).map((r) => {
    const deliveredAt = iso(r.completedAt);
    return {
      ...common,
      taskId: r.taskId,
      kind: 'task' as const,
      pull: null,
      deliveredAt,
      reverted: r.reverted,
      // A fix already found is known; no fix yet inside the window is not "clean" until the window has passed.
      fixed: r.bugIntroducing || fixKnown(deliveredAt) ? r.bugIntroducing : null,
      fixedLines: r.blamedLines,
    };
  });
}

function iso(at: string | null | undefined): string | null {
  if (!at) return null;
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** The newest commit the history read holds: how far a fate could see. */
function newestCommitAt(set: TaskSet): string | null {
  const commits = set.commitIndex?.allCommits() ?? [];
  let newest = 0;
  for (const c of commits) if (c.committerTime > newest) newest = c.committerTime;
  return newest > 0 ? new Date(newest * 1000).toISOString() : null;
}
