export { bootstrapMean, bootstrapMeanDifference, BOOTSTRAP_ITERATIONS, type MeanCi } from './bootstrap-mean.js';
export {
  compareCohorts,
  bandCounts,
  COMPARED_SCORES,
  DEFAULT_MIN_COHORT,
  CohortComparisonSchema,
  type CohortComparison,
  type CohortSummary,
  type ComparedItem,
  type ComparedScore,
  type CompareCohortsOptions,
  type ScoreDifference,
} from './compare-cohorts.js';
export { comparePaired, PairedComparisonSchema, type PairedComparison, type TaskMove } from './compare-paired.js';
export { describeDifference } from './describe-difference.js';
