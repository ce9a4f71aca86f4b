import {
  COMPARED_SCORES,
  describeDifference,
  SCORE_BAND_NAMES,
  type CohortComparison,
  type CohortSummary,
  type ComparedScore,
  type PairedComparison,
  type ScoreDifference,
} from '../../core/index.js';
import { renderMarkdownTable } from './render-markdown-table.js';
import { renderTable } from './render-table.js';

export const COMPARE_FORMATS = ['table', 'markdown', 'json'] as const;
export type CompareFormat = (typeof COMPARE_FORMATS)[number];

const SHORT: Record<ComparedScore, string> = {
  agentPerformance: 'AP',
  taskOutcomeQuality: 'TOQ',
  processCompliance: 'PC',
  overall: 'OVERALL',
};
const num = (x: number) => x.toFixed(1);
const signed = (x: number) => (x > 0 ? `+${num(x)}` : x < 0 ? `−${num(-x)}` : num(0));
const interval = (low: number, high: number) => `${signed(low)} to ${signed(high)}`;
const meanCi = (m: { mean: number; ciLow: number | null; ciHigh: number | null }) =>
  m.ciLow === null || m.ciHigh === null
    ? `${num(m.mean)} (no CI)`
    : `${num(m.mean)} (${num(m.ciLow)}–${num(m.ciHigh)})`;
const usd = (x: number | null) => (x === null ? '—' : x < 0.01 && x > 0 ? `$${x.toPrecision(2)}` : `$${x.toFixed(2)}`);
const adjustedCell = (d: ScoreDifference) =>
  d.adjusted ? `${signed(d.adjusted.diff)} (${interval(d.adjusted.ciLow, d.adjusted.ciHigh)})` : 'n/a';

/** Quality and what it cost side by side: only when some cohort's tokens or costs are known. */
function spendColumns(cohorts: readonly CohortSummary[]): { headers: string[]; cells: (c: CohortSummary) => string[] } {
  if (!cohorts.some((c) => c.spend.tokenTasks + c.spend.agentCostTasks + c.spend.judgeCostTasks > 0))
    return { headers: [], cells: () => [] };
  return {
    headers: ['AGENT TOKENS (mean)', 'AGENT COST', 'JUDGE COST', 'OVERALL PER $'],
    cells: (c) => [
      c.spend.meanAgentTokens === null ? '—' : `${c.spend.meanAgentTokens} (${c.spend.tokenTasks})`,
      c.spend.agentCostUsd === null ? '—' : `${usd(c.spend.agentCostUsd)} (${c.spend.agentCostTasks})`,
      c.spend.judgeCostUsd === null ? '—' : `${usd(c.spend.judgeCostUsd)} (${c.spend.judgeCostTasks})`,
      c.spend.overallPerDollar === null ? '—' : num(c.spend.overallPerDollar),
    ],
  };
}

/** What became of the pull requests beside their scores: only when some cohort's tasks are pull requests. */
function pullColumns(cohorts: readonly CohortSummary[]): { headers: string[]; cells: (c: CohortSummary) => string[] } {
  if (!cohorts.some((c) => c.pulls)) return { headers: [], cells: () => [] };
  const rate = (r: { k: number; n: number; rate: number; ciLow: number; ciHigh: number } | null) =>
    r === null ? '—' : `${pct(r.rate)} of ${r.n} (${pct(r.ciLow)}–${pct(r.ciHigh)})`;
  return {
    headers: ['MERGED (95% CI)', 'ONE-SHOT (95% CI)'],
    cells: (c) => [
      c.pulls ? `${rate(c.pulls.merge)}${c.pulls.unknown ? `; ${c.pulls.unknown} fate unknown` : ''}` : '—',
      c.pulls ? rate(c.pulls.oneShot) : '—',
    ],
  };
}

const pct = (x: number) => `${Math.round(x * 1000) / 10}%`;

/** `taskeval compare --by …`: cohorts side by side, then their differences, raw and like for like. */
export function renderCohortComparison(
  report: CohortComparison,
  format: 'table' | 'markdown',
  /** The outcome table above says what became of the pull requests: the snapshot columns would repeat it. */
  options: { outcomesShown?: boolean } = {},
): string {
  const spend = spendColumns(report.cohorts);
  const pulls = options.outcomesShown ? { headers: [], cells: () => [] } : pullColumns(report.cohorts);
  const headers = [
    'COHORT',
    'N',
    ...COMPARED_SCORES.map((c) => `${SHORT[c]} (95% CI)`),
    'BANDS F/W/A/S/E',
    ...pulls.headers,
    ...spend.headers,
  ];
  const rows = report.cohorts.map((c) => [
    c.compared ? c.key : `${c.key} (not compared: ${c.reason})`,
    String(c.n),
    ...COMPARED_SCORES.map((s) => meanCi(c.categories[s]!)),
    SCORE_BAND_NAMES.map((b) => c.bands[b] ?? 0).join('/'),
    ...pulls.cells(c),
    ...spend.cells(c),
  ]);
  const total = report.cohorts.reduce((n, c) => n + c.n, 0);
  const title = `by ${report.by}: ${report.cohorts.length} cohort(s), ${total} task(s), each task's newest scored result`;
  const diffs = report.differences.map((d) => [
    `${d.a} → ${d.b}`,
    SHORT[d.category],
    `${signed(d.raw.diff)} (${interval(d.raw.ciLow, d.raw.ciHigh)})`,
    adjustedCell(d),
    describeDifference(d),
  ]);
  const diffHeaders = ['PAIR', 'SCORE', 'RAW DIFF (95% CI)', 'ADJUSTED DIFF (95% CI)', 'READING'];
  const none =
    report.cohorts.filter((c) => c.compared).length < 2
      ? `fewer than two cohorts have ${report.minN} or more tasks: nothing to compare\n`
      : '';
  const pairs = report.differences[0]?.correction;
  const method =
    `Differences are mean(b) − mean(a) with a 95% interval from the spread pooled within strata (Student's t). Adjusted: within strata of ${report.strata.join(' and ')}, weighted by the pooled ` +
    `stratum sizes; strata only one cohort has are left out, and a pair with fewer than half its tasks in shared strata is not compared. ` +
    `The reading follows the adjusted difference${pairs ? `, its verdict corrected for the number of pairs (${pairs})` : ''}; an interval across zero is no clear difference.`;
  if (format === 'markdown') {
    return [
      `### taskeval: ${title}`,
      '',
      renderMarkdownTable(headers, rows, ['left', 'right']),
      none || renderMarkdownTable(diffHeaders, diffs, ['left', 'left', 'right', 'right']),
      `${method}\n`,
    ].join('\n');
  }
  const columns = headers.map((header, i) => ({ header, ...(i === 1 ? { align: 'right' as const } : {}) }));
  const diffColumns = diffHeaders.map((header) => ({ header }));
  return `${title}\n${renderTable(columns, rows)}\n${none || `differences, clear ones first (b − a):\n${renderTable(diffColumns, diffs)}\n${method}\n`}`;
}

/** `taskeval compare --run A --run B`: the same tasks in two runs. */
export function renderPairedComparison(report: PairedComparison, format: 'table' | 'markdown'): string {
  const title = `${report.b} against ${report.a}: ${report.n} task(s) scored in both${report.onlyA || report.onlyB ? ` (${report.onlyA} only in ${report.a}, ${report.onlyB} only in ${report.b}, not compared)` : ''}`;
  const headers = ['SCORE', 'MEAN DIFF (b − a)', '95% CI', 'READING'];
  const rows = report.differences.map((d) => [
    SHORT[d.category],
    signed(d.diff),
    interval(d.ciLow, d.ciHigh),
    describeDifference(d),
  ]);
  const bands = `bands: ${report.bands.better} better, ${report.bands.worse} worse, ${report.bands.same} unchanged`;
  const moverHeaders = ['TASK', 'BEFORE', 'AFTER', 'CHANGE', 'RESULTS'];
  const movers = report.movers.map((m) => [
    m.taskId,
    `${m.a.overall} ${m.a.band}`,
    `${m.b.overall} ${m.b.band}`,
    signed(m.delta),
    `${m.a.resultId} → ${m.b.resultId}`,
  ]);
  if (report.n === 0) return `${title}\nno task was scored in both runs: nothing to compare\n`;
  if (format === 'markdown') {
    return [
      `### taskeval: ${title}`,
      '',
      renderMarkdownTable(headers, rows, ['left', 'right']),
      `${bands}\n`,
      movers.length
        ? `**Largest movers**\n\n${renderMarkdownTable(moverHeaders, movers, ['left', 'right', 'right', 'right'])}`
        : 'No task changed its overall score.\n',
    ].join('\n');
  }
  return `${title}\n${renderTable(
    headers.map((header) => ({ header })),
    rows,
  )}${bands}\n${
    movers.length
      ? `\nlargest movers:\n${renderTable(
          moverHeaders.map((header) => ({ header })),
          movers,
        )}`
      : ''
  }`;
}
