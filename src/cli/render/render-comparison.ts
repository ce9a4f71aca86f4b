import { COMPARED_SCORES, describeDifference, SCORE_BAND_NAMES, type CohortComparison, type ComparedScore, type MeanCi, type PairedComparison } from '../../core/index.js';
import { renderMarkdownTable } from './render-markdown-table.js';
import { renderTable } from './render-table.js';

export const COMPARE_FORMATS = ['table', 'markdown', 'json'] as const;
export type CompareFormat = (typeof COMPARE_FORMATS)[number];

const SHORT: Record<ComparedScore, string> = { agentPerformance: 'AP', taskOutcomeQuality: 'TOQ', processCompliance: 'PC', overall: 'OVERALL' };
const num = (x: number) => x.toFixed(1);
const signed = (x: number) => (x > 0 ? `+${num(x)}` : x < 0 ? `−${num(-x)}` : num(0));
const interval = (low: number, high: number) => `${signed(low)} to ${signed(high)}`;
const meanCi = (m: MeanCi) => `${num(m.mean)} (${num(m.ciLow)}–${num(m.ciHigh)})`;

/** `taskeval compare --by …`: cohorts side by side, then their differences. */
export function renderCohortComparison(report: CohortComparison, format: 'table' | 'markdown'): string {
  const headers = ['COHORT', 'N', ...COMPARED_SCORES.map((c) => `${SHORT[c]} (95% CI)`), 'BANDS F/W/A/S/E'];
  const rows = report.cohorts.map((c) => [
    c.compared ? c.key : `${c.key} (not compared: ${c.reason})`,
    String(c.n),
    ...COMPARED_SCORES.map((s) => meanCi(c.categories[s]!)),
    SCORE_BAND_NAMES.map((b) => c.bands[b] ?? 0).join('/'),
  ]);
  const total = report.cohorts.reduce((n, c) => n + c.n, 0);
  const title = `by ${report.by}: ${report.cohorts.length} cohort(s), ${total} task(s), each task's newest scored result`;
  const diffs = report.differences.map((d) => [`${d.a} → ${d.b}`, SHORT[d.category], signed(d.diff), interval(d.ciLow, d.ciHigh), describeDifference(d)]);
  const diffHeaders = ['PAIR', 'SCORE', 'DIFF', '95% CI', 'READING'];
  const none = report.cohorts.filter((c) => c.compared).length < 2 ? `fewer than two cohorts have ${report.minN} or more tasks: nothing to compare\n` : '';
  if (format === 'markdown') {
    return [
      `### taskeval: ${title}`,
      '',
      renderMarkdownTable(headers, rows, ['left', 'right']),
      none || renderMarkdownTable(diffHeaders, diffs, ['left', 'left', 'right']),
      'Differences are mean(b) − mean(a) with a seeded bootstrap 95% interval; an interval across zero is no clear difference.\n',
    ].join('\n');
  }
  const columns = headers.map((header, i) => ({ header, ...(i === 1 ? { align: 'right' as const } : {}) }));
  const diffColumns = diffHeaders.map((header) => ({ header }));
  return `${title}\n${renderTable(columns, rows)}\n${none || `differences, clear ones first (b − a):\n${renderTable(diffColumns, diffs)}`}`;
}

/** `taskeval compare --run A --run B`: the same tasks in two runs. */
export function renderPairedComparison(report: PairedComparison, format: 'table' | 'markdown'): string {
  const title = `${report.b} against ${report.a}: ${report.n} task(s) scored in both${report.onlyA || report.onlyB ? ` (${report.onlyA} only in ${report.a}, ${report.onlyB} only in ${report.b}, not compared)` : ''}`;
  const headers = ['SCORE', 'MEAN DIFF (b − a)', '95% CI', 'READING'];
  const rows = report.differences.map((d) => [SHORT[d.category], signed(d.diff), interval(d.ciLow, d.ciHigh), describeDifference(d)]);
  const bands = `bands: ${report.bands.better} better, ${report.bands.worse} worse, ${report.bands.same} unchanged`;
  const moverHeaders = ['TASK', 'BEFORE', 'AFTER', 'CHANGE', 'RESULTS'];
  const movers = report.movers.map((m) => [m.taskId, `${m.a.overall} ${m.a.band}`, `${m.b.overall} ${m.b.band}`, signed(m.delta), `${m.a.resultId} → ${m.b.resultId}`]);
  if (report.n === 0) return `${title}\nno task was scored in both runs: nothing to compare\n`;
  if (format === 'markdown') {
    return [
      `### taskeval: ${title}`,
      '',
      renderMarkdownTable(headers, rows, ['left', 'right']),
      `${bands}\n`,
      movers.length ? `**Largest movers**\n\n${renderMarkdownTable(moverHeaders, movers, ['left', 'right', 'right', 'right'])}` : 'No task changed its overall score.\n',
    ].join('\n');
  }
  return `${title}\n${renderTable(headers.map((header) => ({ header })), rows)}${bands}\n${movers.length ? `\nlargest movers:\n${renderTable(moverHeaders.map((header) => ({ header })), movers)}` : ''}`;
}
