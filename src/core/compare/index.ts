export { bootstrapMean, BOOTSTRAP_ITERATIONS, type MeanCi } from './bootstrap-mean.js';
export {
  compareCohorts,
  compareCohortCells,
  compareCohortCellsInSteps,
  type CompareCellsOptions,
  COMPARED_SCORES,
  DEFAULT_MIN_COHORT,
  MIN_SHARED_SHARE,
  verdictDiff,
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
export { CohortSpendSchema, emptySpendSums, addSpend, type CohortSpend, type SpendSums } from './cohort-spend.js';
export {
  cellsOfGroups,
  sizeClass,
  decilesOfCells,
  emptyCell,
  emptyCellCounts,
  countScores,
  SCORE_VALUES,
  countsOf,
  mergeCell,
  type CellCounts,
  type CompareCell,
  type ScoreCounts,
} from './compare-cell.js';
export { bootstrapPValue, holmRejects } from './holm.js';
export {
  addMoments,
  likeForLikeDifference,
  MIN_SPREAD_DF,
  moments,
  type Difference,
  type DifferenceResult,
  type Moments,
} from './like-for-like.js';
export { cohortPulls, CohortPullsSchema, wilson, type CohortPulls } from './cohort-pulls.js';
export { pullFate } from './pull-fate.js';
export {
  compareJudges,
  JudgeComparisonSchema,
  type JudgeComparison,
  type JudgeSide,
  type JudgedParts,
} from './compare-judges.js';
