import type { TaskResult } from '../task-result.js';
import { changeSizeOf } from './change-size.js';
import type { ValidationItem } from './score-validity.js';

export interface LabelledTask {
  label: boolean | number;
  /** Size from the labels file (`--size FIELD`), overriding the result's own. */
  size?: number | null;
}

/** What pairing results with labels left out, so the report can say it. */
export interface PairingReport {
  items: ValidationItem[];
  /** Scored results without a label. */
  unlabelled: number;
  /** Labels whose task has no scored result (missing, error or skipped). */
  unscored: number;
}

/** The key a label is found by for a task of a project: labels that name projects are kept this way. */
export function projectTaskKey(project: string, taskId: string): string {
  return `${project}\u0000${taskId}`;
}

/**
 * Pairs each scored result with its task's label; the size is the labels file's when given, else the
 * code lines the task's commits added (`commits.codeLinesAdded` in its signals), else unknown. With
 * `projects` (one per result), a label kept under projectTaskKey is found first, and items carry the project.
 */
export function validationItems(
  results: readonly TaskResult[],
  labels: ReadonlyMap<string, LabelledTask>,
  projects?: readonly (string | null)[],
): PairingReport {
  const pairer = createValidationPairer(labels);
  for (const [k, result] of results.entries()) pairer.add(result, projects?.[k] ?? null);
  return pairer.report();
}

/** validationItems one result at a time, so results read as a stream need not all be held. */
export interface ValidationPairer {
  add(result: TaskResult, project: string | null): void;
  report(): PairingReport;
}

export function createValidationPairer(labels: ReadonlyMap<string, LabelledTask>): ValidationPairer {
  const items: ValidationItem[] = [];
  const scored = new Set<string>();
  let unlabelled = 0;
  return {
    add(result, project) {
      if (result.status !== 'scored') return;
      const key = project === null ? null : projectTaskKey(project, result.taskId);
      const found = key !== null && labels.has(key) ? key : result.taskId;
      const labelled = labels.get(found);
      if (!labelled) {
        unlabelled += 1;
        return;
      }
      scored.add(found);
      const scores = Object.fromEntries(
        result.categoryScores.map((c) => [c.category, c.finalScore]),
      ) as ValidationItem['scores'];
      scores.overall = result.overallScore;
      const rulePoints: Record<string, number> = {};
      for (const [category, assessment] of Object.entries(result.signals.categories)) {
        for (const c of assessment.contributions) {
          const key = `${category}:${c.rule}`;
          rulePoints[key] = (rulePoints[key] ?? 0) + c.points;
        }
      }
      items.push({
        taskId: result.taskId,
        scores,
        rulePoints,
        label: labelled.label,
        size: labelled.size !== undefined ? labelled.size : changeSizeOf(result.signals.values),
        ...(result.mode === 'hybrid' && result.categoryScores.every((c) => c.aiScore !== null)
          ? {
              parts: Object.fromEntries(
                result.categoryScores.map((c) => [c.category, { deterministic: c.deterministicScore, ai: c.aiScore! }]),
              ) as NonNullable<ValidationItem['parts']>,
            }
          : {}),
        ...(project !== null ? { project } : {}),
      });
    },
    report() {
      const unscored = [...labels.keys()].filter((id) => !scored.has(id)).length;
      return { items, unlabelled, unscored };
    },
  };
}
