export {
  compareCohortFates,
  CohortFatesSchema,
  FATE_RATES,
  FateComparisonSchema,
  FateDifferenceSchema,
  fateValue,
  HIGHER_IS_BETTER,
  type CohortFates,
  type FateComparison,
  type FateDifference,
  type FateItem,
  type FateRate,
} from './compare-cohort-fates.js';
export { describeFateDifference, fateSentences, MAX_FATE_SENTENCES } from './describe-fate-difference.js';
export { PullFateSchema, TaskFateSchema, type PullFate, type TaskFate } from './task-fate.js';
