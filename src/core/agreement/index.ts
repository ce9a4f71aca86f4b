export { cohenKappa, type RatingPair } from './cohen-kappa.js';
export { krippendorffAlpha } from './krippendorff-alpha.js';
export {
  RATED_ASPECTS,
  RATING_SCALES,
  RatedAspectSchema,
  RatingScaleSchema,
  mostCommonScale,
  scaleValues,
  scoreOnScale,
  type RatedAspect,
  type RatingScale,
} from './rating-scale.js';
export {
  agreementReport,
  AgreementReportSchema,
  type AgreementFigure,
  type AgreementReport,
  type RatedItem,
} from './agreement-report.js';
export { pairRatings, type HumanRating, type RatedPairing } from './rated-items.js';
