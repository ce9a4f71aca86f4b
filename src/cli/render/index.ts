export { renderTable, truncateText, type TableColumn, type TableCell } from './render-table.js';
export { renderScoreTable, DETERMINISTIC_ONLY_FOOTER, type ScoreTableOptions } from './score-table.js';
export { renderScoreReasons } from './score-reasons.js';
export { bandStyle, useColour } from './band-style.js';
export { formatJudgeTotals, type JudgeFooterInput } from './format-judge-totals.js';
