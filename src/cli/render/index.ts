export { renderTable, truncateText, type TableColumn, type TableCell } from './render-table.js';
export {
  renderScoreTable,
  DETERMINISTIC_ONLY_FOOTER,
  type ScoreTableOptions,
  type ScorecardResult,
} from './score-table.js';
export { renderScoreReasons } from './score-reasons.js';
export { bandStyle, useColour } from './band-style.js';
export { formatJudgeTotals, type JudgeFooterInput } from './format-judge-totals.js';
export {
  createProgressReporter,
  formatProgressBar,
  formatProgressLine,
  formatTokens,
  formatDuration,
  type ProgressReporter,
  type ProgressReporterOptions,
} from './progress-reporter.js';
export { renderResultDetail } from './result-detail.js';
export { renderBlindEvidence } from './render-blind-evidence.js';
export { renderAgreement } from './render-agreement.js';
export { renderJudgeComparison } from './render-judge-comparison.js';
export { renderRunsTable } from './runs-table.js';
export { renderResultsTable } from './results-table.js';
export { EXPORT_FORMATS, csvCell, exportResults, type ExportFormat } from '../../runs/index.js';
export { OUTCOME_FORMATS, renderOutcomes, type OutcomeFormat } from './render-outcomes.js';
export { renderPullOutcomes } from './render-pull-outcomes.js';
export { renderValidation } from './render-validation.js';
export { renderMarkdownTable } from './render-markdown-table.js';
export {
  COMPARE_FORMATS,
  renderCohortComparison,
  renderPairedComparison,
  type CompareFormat,
} from './render-comparison.js';
export { renderFateComparison } from './render-fate-comparison.js';
export { renderScoreMarkdown, type ScoreMarkdownOptions } from './score-markdown.js';
export { createPhaseProgress, type PhaseProgress, type PhaseProgressOptions } from './phase-progress.js';
