import type { TaskOutcome } from '../../evidence/index.js';
import { csvCell } from '../../runs/index.js';
import { renderTable } from './render-table.js';

export const OUTCOME_FORMATS = ['table', 'json', 'csv'] as const;
export type OutcomeFormat = (typeof OUTCOME_FORMATS)[number];

const CSV_COLUMNS = [
  'taskId',
  'completedAt',
  'reverted',
  'revertShas',
  'followUps',
  'fixCommits',
  'blamedLines',
  'bugIntroducing',
] as const;

/** Outcome rows as a table, a JSON array, or CSV (shas joined by spaces). */
export function renderOutcomes(rows: readonly TaskOutcome[], format: OutcomeFormat): string {
  if (format === 'json') return `${JSON.stringify(rows, null, 2)}\n`;
  if (format === 'csv') {
    const lines = rows.map((r) =>
      CSV_COLUMNS.map((c) => csvCell(Array.isArray(r[c]) ? (r[c] as string[]).join(' ') : r[c])).join(','),
    );
    return `${[CSV_COLUMNS.join(','), ...lines].join('\n')}\n`;
  }
  return renderTable(
    [
      { header: 'task', maxWidth: 24 },
      { header: 'completed' },
      { header: 'reverted' },
      { header: 'follow-ups', align: 'right' },
      { header: 'fixes', align: 'right' },
      { header: 'blamed lines', align: 'right' },
      { header: 'bug-introducing' },
    ],
    rows.map((r) => [
      r.taskId,
      r.completedAt?.slice(0, 10) ?? '-',
      r.reverted ? 'yes' : 'no',
      String(r.followUps.length),
      String(r.fixCommits.length),
      String(r.blamedLines),
      r.bugIntroducing ? 'yes' : 'no',
    ]),
  );
}
