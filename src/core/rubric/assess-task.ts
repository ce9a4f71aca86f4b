import type { DeterministicAssessment } from '../deterministic-assessment.js';
import { computeCoverage } from './compute-coverage.js';
import { computeTaskSignals } from './compute-task-signals.js';
import type { RubricInput } from './rubric-input.js';
import { RUBRIC_VERSION } from './rubric-version.js';
import { scoreAgentPerformance } from './score-agent-performance.js';
import { scoreProcessCompliance } from './score-process-compliance.js';
import { scoreTaskOutcomeQuality } from './score-task-outcome-quality.js';
import { settleCategoryScore } from './settle-category-score.js';

/** The deterministic assessment of one task: its signals and, per category, a 0..100 score with the contributions behind it. */
export function assessTask(input: RubricInput): DeterministicAssessment {
  const signals = computeTaskSignals(input);
  const { bundle, task, commits } = input;
  return {
    rubricVersion: RUBRIC_VERSION,
    hindsight: signals.outcome.historyKnown,
    coverage: computeCoverage(signals),
    values: signals,
    categories: {
      agentPerformance: settleCategoryScore(scoreAgentPerformance(signals, bundle, commits)),
      taskOutcomeQuality: settleCategoryScore(scoreTaskOutcomeQuality(signals, bundle, task, commits)),
      processCompliance: settleCategoryScore(scoreProcessCompliance(signals, bundle, task.id, commits)),
    },
  };
}
