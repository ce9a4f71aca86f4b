import type { ResultSummary } from '../../store/index.js';
import { renderTable, type TableColumn } from './render-table.js';
import { HISTORY_GAPS_MARK, historyGapsFooter } from './score-table.js';

const COLUMNS: readonly TableColumn[] = [
  { header: 'RESULT' },
  { header: 'TASK' },
  { header: 'TITLE', maxWidth: 36 },
  { header: 'STATUS' },
  { header: 'AP', align: 'right' },
  { header: 'TOQ', align: 'right' },
  { header: 'PC', align: 'right' },
  { header: 'OVERALL' },
  { header: 'MODE' },
  { header: 'AGENT', maxWidth: 16 },
  { header: 'MODEL', maxWidth: 24 },
  { header: 'RUN' },
];

/** `taskeval results`: one row per stored result. */
export function renderResultsTable(rows: readonly ResultSummary[], count: number): string {
  if (rows.length === 0) return 'no results match\n';
  const n = (v: number | null) => (v === null ? '—' : String(v));
  const text = renderTable(
    COLUMNS,
    rows.map((r) => [
      r.id,
      r.taskId,
      r.title ?? '',
      r.status === 'error' ? `error${r.transient ? ' (transient)' : ''}` : r.status,
      n(r.finals.agentPerformance),
      n(r.finals.taskOutcomeQuality),
      n(r.finals.processCompliance),
      r.overallScore === null ? '—' : `${r.overallScore} ${r.overallBand ?? ''}`,
      `${r.mode === 'deterministic-only' ? 'deterministic only' : (r.mode ?? '—')}${r.historyGaps.length ? ` ${HISTORY_GAPS_MARK}` : ''}`,
      r.cohort.agent ?? '—',
      r.cohort.modelId ?? '—',
      r.runId,
    ]),
  );
  const gaps = historyGapsFooter(rows.map((r) => r.historyGaps));
  const withGaps = gaps ? `${text}${gaps}\n` : text;
  return count > rows.length
    ? `${withGaps}(${rows.length} of ${count}; use --limit and --offset for more)\n`
    : withGaps;
}
