import { csvCell, type PullOutcome } from '../../runs/index.js';
import type { OutcomeFormat } from './render-outcomes.js';
import { renderTable } from './render-table.js';

const CSV_COLUMNS = [
  'project',
  'taskId',
  'prNumber',
  'state',
  'fate',
  'closedUnmerged',
  'reverted',
  'fixed',
  'hoursToMerge',
  'reviewRounds',
  'iterations',
] as const;

const yesNo = (v: boolean | null) => (v === null ? '-' : v ? 'yes' : 'no');

/** Pull request outcome rows as a table, a JSON array, or CSV (with the project, so files from several repositories concatenate). */
export function renderPullOutcomes(rows: readonly PullOutcome[], format: OutcomeFormat): string {
  if (format === 'json') return `${JSON.stringify(rows, null, 2)}\n`;
  if (format === 'csv') {
    const lines = rows.map((r) => CSV_COLUMNS.map((c) => csvCell(r[c])).join(','));
    return `${[CSV_COLUMNS.join(','), ...lines].join('\n')}\n`;
  }
  return renderTable(
    [
      { header: 'pull request', maxWidth: 16 },
      { header: 'state' },
      { header: 'fate' },
      { header: 'reverted' },
      { header: 'fixed' },
      { header: 'hours to merge', align: 'right' },
      { header: 'reviews', align: 'right' },
      { header: 'iterations', align: 'right' },
    ],
    rows.map((r) => [
      r.taskId,
      r.state,
      r.fate,
      yesNo(r.reverted),
      yesNo(r.fixed),
      r.hoursToMerge === null ? '-' : String(r.hoursToMerge),
      String(r.reviewRounds),
      r.iterations === null ? '-' : String(r.iterations),
    ]),
  );
}
