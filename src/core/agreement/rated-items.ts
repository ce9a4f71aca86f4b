import { computeOverallScore } from '../compute-overall-score.js';
import type { TaskResult } from '../task-result.js';
import { projectTaskKey, type LabelledTask } from '../validity/validation-items.js';
import type { RatedItem } from './agreement-report.js';
import type { RatedAspect, RatingScale } from './rating-scale.js';

/** A person's rating as the agreement figures need it. */
export interface HumanRating {
  projectId: string;
  taskId: string;
  rater: string;
  aspect: RatedAspect;
  scale: RatingScale;
  value: number;
}

/** Ratings paired with the scored results of their tasks, and what pairing left out. */
export interface RatedPairing {
  items: RatedItem[];
  /** The people's overall rating per task, as the label validate predicts: the mean on 1–5; bad below half on good-bad. */
  labels: Map<string, LabelledTask>;
  /** Ratings on the other scale, not comparable with these. */
  otherScale: number;
  /** Ratings whose task has no scored result here. */
  unscored: number;
}

/**
 * Pairs each rating on `scale` with its task's scored result. With `projects` (one per result, the result's
 * project), a rating matches its own project's task; without, a task id is enough. Labels are keyed as
 * validationItems finds them: by project and task when `keyByProject`, else by task id.
 */
export function pairRatings(
  results: readonly TaskResult[],
  projects: readonly (string | null)[],
  ratings: readonly HumanRating[],
  options: { scale: RatingScale; keyByProject: boolean },
): RatedPairing {
  const byTask = new Map<string, { result: TaskResult; project: string | null }>();
  for (const [k, result] of results.entries()) {
    if (result.status !== 'scored') continue;
    const project = projects[k] ?? null;
    byTask.set(project === null ? result.taskId : projectTaskKey(project, result.taskId), { result, project });
  }
  const items: RatedItem[] = [];
  const overall = new Map<string, number[]>();
  let otherScale = 0;
  let unscored = 0;
  for (const rating of ratings) {
    if (rating.scale !== options.scale) {
      otherScale += 1;
      continue;
    }
    const found =
      byTask.get(projectTaskKey(rating.projectId, rating.taskId)) ??
      (projects.every((p) => p === null) ? byTask.get(rating.taskId) : undefined);
    if (!found || found.result.status !== 'scored') {
      unscored += 1;
      continue;
    }
    const result = found.result;
    const taskKey = projectTaskKey(found.project ?? rating.projectId, result.taskId);
    const parts = aspectScores(result, rating.aspect);
    items.push({
      taskKey,
      rater: rating.rater,
      aspect: rating.aspect,
      value: rating.value,
      ...parts,
      promptVersion: result.mode === 'hybrid' ? result.provenance.promptVersion : null,
      rubricVersion: result.provenance.rubricVersion,
    });
    if (rating.aspect === 'overall') {
      const key =
        options.keyByProject && found.project !== null ? projectTaskKey(found.project, result.taskId) : result.taskId;
      overall.set(key, [...(overall.get(key) ?? []), rating.value]);
    }
  }
  const labels = new Map<string, LabelledTask>();
  for (const [key, values] of overall) {
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    if (options.scale === '1-5') labels.set(key, { label: mean });
    // Raters split evenly on good-bad give no label rather than a coin's.
    else if (mean !== 0.5) labels.set(key, { label: mean < 0.5 });
  }
  return { items, labels, otherScale, unscored };
}

/** The rubric's, the judge's and the final score of one aspect of a scored result. */
function aspectScores(
  result: Extract<TaskResult, { status: 'scored' }>,
  aspect: RatedAspect,
): Pick<RatedItem, 'deterministic' | 'ai' | 'final'> {
  if (aspect !== 'overall') {
    const c = result.categoryScores.find((s) => s.category === aspect)!;
    return { deterministic: c.deterministicScore, ai: c.aiScore, final: c.finalScore };
  }
  const judged = result.categoryScores.every((c) => c.aiScore !== null);
  return {
    deterministic: computeOverallScore(
      result.categoryScores.map((c) => ({ category: c.category, finalScore: c.deterministicScore })),
    ),
    ai: judged
      ? computeOverallScore(result.categoryScores.map((c) => ({ category: c.category, finalScore: c.aiScore! })))
      : null,
    final: result.overallScore,
  };
}
