import type { CategoryScoreRecord, ScoreCategory, TaskResult } from '../../core/index.js';

/** A result as a scorecard reads it: its bundle and raw answer are not needed (a run keeps them out of memory). */
export type ScorecardResult = TaskResult extends infer R
  ? R extends unknown
    ? Omit<R, 'evidenceBundle'>
    : never
  : never;
import { bandStyle } from './band-style.js';
import { terminalSafe } from './terminal-safe.js';
import { renderTable, type TableCell, type TableColumn } from './render-table.js';

export interface ScoreTableOptions {
  colour?: boolean;
}

/** The footer every deterministic-only scorecard carries. */
export const DETERMINISTIC_ONLY_FOOTER =
  'deterministic only: no judge configured — final scores equal deterministic scores (add --judge to blend in an AI judge)';

/** Explains the `*` on a category that no evidence informed. */
export const NO_EVIDENCE_FOOTER = '* no evidence for this category: the score is the rubric base, not a measurement';

/** Marks the mode of a result made from an incomplete git history; the footer says what was missing. */
export const HISTORY_GAPS_MARK = '~';

/** The footer line for results with history gaps, naming each distinct gap once. */
export function historyGapsFooter(gaps: readonly (readonly string[] | undefined)[]): string | null {
  const all = [...new Set(gaps.flatMap((g) => g ?? []))];
  return all.length
    ? `${HISTORY_GAPS_MARK} made from an incomplete git history, so commits, sizes or dates may be missing: ${terminalSafe(all.join('; '))}`
    : null;
}

const COLUMNS: readonly TableColumn[] = [
  { header: 'TASK' },
  { header: 'TITLE', maxWidth: 40 },
  { header: 'AGENT' },
  { header: 'OUTCOME' },
  { header: 'PROCESS' },
  { header: 'OVERALL' },
  { header: 'MODE' },
];

/** The scorecard: one row per result, scores with their bands, and what mode produced them. */
export function renderScoreTable(results: readonly ScorecardResult[], options: ScoreTableOptions = {}): string {
  const colour = options.colour ?? false;
  const rows = results.map((result): TableCell[] => {
    const title = result.title ?? '';
    if (result.status !== 'scored') return [result.taskId, title, '-', '-', '-', '-', result.status];
    // A category no evidence informed shows its base marked, so it does not read as measured.
    const cell = (category: ScoreCategory) =>
      scoreCell(
        result.categoryScores.find((c) => c.category === category),
        colour,
        result.signals.coverage?.[category]?.length === 0,
      );
    return [
      result.taskId,
      title,
      cell('agentPerformance'),
      cell('taskOutcomeQuality'),
      cell('processCompliance'),
      { text: `${result.overallScore} ${result.overallBand}`, style: bandStyle(result.overallBand, colour) },
      `${result.mode === 'deterministic-only' ? 'deterministic only' : 'hybrid'}${result.provenance.historyGaps?.length ? ` ${HISTORY_GAPS_MARK}` : ''}`,
    ];
  });
  let text = renderTable(COLUMNS, rows);
  for (const result of results) {
    if (result.status !== 'scored')
      text += `${terminalSafe(result.taskId)}: ${result.status}: ${terminalSafe(result.reason)}\n`;
  }
  if (results.some((r) => r.status === 'scored' && r.mode === 'deterministic-only'))
    text += `\n${DETERMINISTIC_ONLY_FOOTER}\n`;
  if (
    results.some(
      (r) => r.status === 'scored' && Object.values(r.signals.coverage ?? {}).some((groups) => groups.length === 0),
    )
  ) {
    text += `${NO_EVIDENCE_FOOTER}\n`;
  }
  const gaps = historyGapsFooter(results.map((r) => (r.status === 'skipped' ? undefined : r.provenance?.historyGaps)));
  if (gaps) text += `${gaps}\n`;
  return text;
}

function scoreCell(score: CategoryScoreRecord | undefined, colour: boolean, noEvidence: boolean): TableCell {
  if (!score) return '-';
  return { text: `${score.finalScore} ${score.band}${noEvidence ? ' *' : ''}`, style: bandStyle(score.band, colour) };
}
