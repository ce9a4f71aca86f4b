export { RUBRIC_VERSION } from './rubric-version.js';
export { type RubricInput } from './rubric-input.js';
export { type TaskSignals, TaskSignalsSchema } from './task-signals.js';
export {
  CLAMP_RULE,
  describeRulePoints,
  RUBRIC_BASE,
  RUBRIC_RULES,
  type RuleId,
  type RuleSpec,
} from './rubric-rules.js';
export { computeTaskSignals } from './compute-task-signals.js';
export { CONVENTIONAL_SUBJECT, hasTaskTrailer, isConventional } from './compute-commit-signals.js';
export { assessTask } from './assess-task.js';
