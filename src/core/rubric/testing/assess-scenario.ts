import type { CommitHistorySignals } from '../../commit-record.js';
import type { Contribution, DeterministicAssessment } from '../../deterministic-assessment.js';
import type { EvidenceBundle } from '../../evidence-bundle.js';
import type { ScoreCategory } from '../../score-categories.js';
import type { Task, TaskInput } from '../../task.js';
import { assessTask } from '../assess-task.js';
import { buildTestBundle, type TestBundleOptions } from './bundle-builder.js';
import { buildTask } from './task-builders.js';

export interface Scenario {
  task: Task;
  bundle: EvidenceBundle;
  assessment: DeterministicAssessment;
  score(category: ScoreCategory): number;
  /** The one contribution of `rule` in `category`, or undefined when the rule did not apply. */
  rule(category: ScoreCategory, rule: string): Contribution | undefined;
}

/** Builds the task and its bundle, assesses it, and gives lookups for the assertions. */
export function assessScenario(input: Partial<TaskInput>, options: TestBundleOptions = {}): Scenario {
  const task = buildTask(input);
  const bundle = buildTestBundle(task, options);
  const assessment = assessTask({ task, bundle, commits: options.commits ?? null, history: options.history ?? null });
  return {
    task,
    bundle,
    assessment,
    score: (category) => assessment.categories[category].score,
    rule: (category, rule) => {
      const found = assessment.categories[category].contributions.filter((c) => c.rule === rule);
      if (found.length > 1) throw new Error(`rule ${rule} applied ${found.length} times in ${category}`);
      return found[0];
    },
  };
}

/** A history record for tests: not reverted, no fixes, unless told otherwise. */
export function buildHistory(overrides: Partial<CommitHistorySignals> = {}): CommitHistorySignals {
  return { reverted: false, revertShas: [], laterFixShas: [], firstCommitAt: null, lastCommitAt: null, ...overrides };
}
