export { averageRanks, computeAuc, computeGroupedAuc } from './compute-auc.js';
export { seededRandom } from './seeded-random.js';
export { sizeDeciles } from './size-deciles.js';
export { spearmanRho } from './spearman-rho.js';
export {
  createValidationPairer,
  projectTaskKey,
  validationItems,
  type LabelledTask,
  type PairingReport,
  type ValidationPairer,
} from './validation-items.js';
export {
  validateScores,
  ScoreValiditySchema,
  ValidationReportSchema,
  VALIDATED_SCORES,
  type ScoreValidity,
  type ValidatedScore,
  type ValidateScoresOptions,
  type ValidationItem,
  type ValidationReport,
} from './validate-scores.js';
export { changeSizeOf } from './change-size.js';
export { JudgePartsSchema, type JudgeParts } from './judge-parts-validity.js';
