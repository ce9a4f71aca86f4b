import type { RunHeader } from '../../store/index.js';
import { renderTable, type TableColumn } from './render-table.js';

const COLUMNS: readonly TableColumn[] = [
  { header: 'RUN' },
  { header: 'TRIGGER' },
  { header: 'STATUS' },
  { header: 'CREATED' },
  { header: 'TASKS', align: 'right' },
  { header: 'SCORED', align: 'right' },
  { header: 'ERRORS', align: 'right' },
  { header: 'OVERALL', align: 'right' },
  { header: 'SUMMARY', maxWidth: 60 },
];

/** `taskeval runs`: one row per run, newest first. */
export function renderRunsTable(runs: readonly RunHeader[]): string {
  if (runs.length === 0) return 'no runs yet; start one with `taskeval run`\n';
  return renderTable(
    COLUMNS,
    runs.map((r) => [
      r.id,
      r.trigger,
      r.status,
      r.createdAt.replace(/\.\d{3}Z$/, 'Z'),
      String(r.counts.total),
      String(r.counts.scored),
      String(r.counts.errored),
      r.aggregates.overall === null ? '—' : String(r.aggregates.overall),
      r.reason && r.status !== 'completed' ? `${r.reason}${r.summary ? `; ${r.summary}` : ''}` : (r.summary ?? ''),
    ]),
  );
}
