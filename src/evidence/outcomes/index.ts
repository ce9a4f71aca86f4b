export { computeTaskOutcomes, type ComputeOutcomesOptions, type OutcomesReport } from './compute-task-outcomes.js';

export { isSzzBlamedPath } from './is-szz-blamed-path.js';
export { parseBlamePorcelain } from './parse-blame-porcelain.js';
export { parseZeroContextDiff, type RemovedLines } from './parse-zero-context-diff.js';
export { TaskOutcomeSchema, type OutcomeTask, type TaskOutcome } from './task-outcome.js';
