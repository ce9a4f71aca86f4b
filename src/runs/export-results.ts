import { SCORE_CATEGORIES } from '../core/index.js';
import { createHeapPacer } from './heap-pacer.js';
import { resultPages, type ListResultsQuery, type Store, type StoredResult } from '../store/index.js';
import { evaluationLogRecords, otlpLogsRequest } from './otlp-evaluation-logs.js';

/** Export formats of `taskeval export`; otlp is OTLP/HTTP JSON logs requests, one a line (the collector's file format). */
export const EXPORT_FORMATS = ['json', 'jsonl', 'csv', 'otlp'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const CSV_HEADER = [
  'result_id',
  'run_id',
  'task_id',
  'title',
  'status',
  'mode',
  'overall_score',
  'overall_band',
  ...SCORE_CATEGORIES.flatMap((c) => [`${c}_deterministic`, `${c}_ai`, `${c}_final`, `${c}_band`]),
  'reason',
  'transient',
  'judge_provider',
  'judge_model',
  'prompt_version',
  'rubric_version',
  'completed_at',
  'evaluated_at',
  'agent',
  'model_provider',
  'model_id',
  'labels',
  'history_gaps',
];

/** What an export starts with: the CSV header or the JSON array opening. */
export function exportHeader(format: ExportFormat): string {
  return format === 'csv' ? `${CSV_HEADER.join(',')}\n` : format === 'json' ? '[' : '';
}

/** One result as a line (jsonl, csv) or an array element (json; `index` places the comma). */
export function exportItem(result: StoredResult, format: Exclude<ExportFormat, 'otlp'>, index: number): string {
  if (format === 'jsonl') return `${JSON.stringify(result)}\n`;
  if (format === 'csv') return `${csvRow(result).map(csvCell).join(',')}\n`;
  return `${index === 0 ? '\n' : ',\n'}${JSON.stringify(result, null, 2).replace(/^/gm, '  ')}`;
}

/** What an export ends with. */
export function exportFooter(format: ExportFormat, count: number): string {
  return format === 'json' ? (count ? '\n]\n' : ']\n') : '';
}

function csvRow(r: StoredResult): unknown[] {
  const scored = r.status === 'scored' ? r : null;
  const provenance = r.status === 'skipped' ? null : r.provenance;
  const cats = SCORE_CATEGORIES.flatMap((c) => {
    const s = scored?.categoryScores.find((x) => x.category === c);
    return s ? [s.deterministicScore, s.aiScore, s.finalScore, s.band] : [null, null, null, null];
  });
  return [
    r.id,
    r.runId,
    r.taskId,
    r.title,
    r.status,
    scored?.mode ?? null,
    scored?.overallScore ?? null,
    scored?.overallBand ?? null,
    ...cats,
    r.status === 'scored' ? null : r.reason,
    r.status === 'error' ? r.transient : null,
    provenance?.provider ?? null,
    provenance?.model ?? null,
    provenance?.promptVersion ?? null,
    provenance?.rubricVersion ?? null,
    r.completedAt,
    r.evaluatedAt,
    r.cohort.agent,
    r.cohort.modelProvider,
    r.cohort.modelId,
    Object.entries(r.cohort.labels)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ') || null,
    provenance?.historyGaps?.join('; ') || null,
  ];
}

/** RFC 4180: quote cells holding a comma, quote or line break; a leading =+-@ is prefixed so spreadsheets do not run it. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Results a page of an export reads at once. */
const EXPORT_PAGE = 200;

/**
 * Every result that matches `query`, as the text of one export, chunk by chunk: one page of the store at a
 * time, so an export of any size holds one page in memory. `taskeval export` and the dashboard share it.
 */
export async function* exportResults(
  store: Store,
  query: Omit<ListResultsQuery, 'limit' | 'offset' | 'full'>,
  format: ExportFormat,
  otlp: { version: string; now: string } = { version: 'unknown', now: new Date().toISOString() },
  /** Told how many results are written after each page. */
  onPage?: (written: number) => void,
): AsyncGenerator<string> {
  yield exportHeader(format);
  let count = 0;
  // Whole results carry their bundles: each page read leaves tens of MB behind, collected as the export goes.
  const pace = createHeapPacer();
  for await (const page of resultPages(store, { ...query, full: true }, EXPORT_PAGE)) {
    let text = '';
    if (format === 'otlp') {
      // A page's events are one logs request on one line: what a collector's OTLP JSON file receiver reads.
      const records = page.flatMap((result) => evaluationLogRecords(result, otlp.now));
      if (records.length) text = `${JSON.stringify(otlpLogsRequest(records, otlp.version))}\n`;
      count += page.length;
    } else for (const result of page) text += exportItem(result, format, count++);
    if (text) yield text;
    onPage?.(count);
    pace();
  }
  yield exportFooter(format, count);
}
