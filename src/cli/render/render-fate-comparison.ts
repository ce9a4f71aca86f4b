import {
  fateSentences,
  FATE_RATES,
  verdictDiff,
  type CohortComparison,
  type CohortFates,
  type FateComparison,
  type FateRate,
} from '../../core/index.js';
import { renderMarkdownTable } from './render-markdown-table.js';
import { renderTable } from './render-table.js';

const HEADER: Record<FateRate, string> = {
  merged: 'MERGED',
  reverted: 'REVERTED',
  fixed: 'FIXED LATER',
  oneShot: 'ONE-SHOT',
};

const pct = (x: number) => `${Math.round(x * 100)}%`;
const usd = (x: number | null) => (x === null ? '—' : `$${x.toFixed(2)}`);

function rateCell(c: CohortFates, rate: FateRate): string {
  const r = c.rates[rate];
  return r ? `${pct(r.rate)} of ${r.n} (${pct(r.ciLow)}–${pct(r.ciHigh)})` : '—';
}

/**
 * What happened to each cohort's work, before any score: fates known, merge, revert, later-fix and one-shot
 * rates with their intervals, median time to merge and cost; then one sentence per pair and rate that moved.
 */
export function renderFateComparison(
  report: FateComparison,
  format: 'table' | 'markdown',
  scores: CohortComparison | null = null,
): string {
  const shown = FATE_RATES.filter((rate) => report.cohorts.some((c) => c.rates[rate]));
  const costs = report.cohorts.some((c) => c.cost.known > 0);
  const hours = report.cohorts.some((c) => c.medianHoursToMerge !== null);
  const headers = [
    'COHORT',
    'N',
    'FATES KNOWN',
    ...shown.map((r) => `${HEADER[r]} (95% CI)`),
    ...(hours ? ['MEDIAN HOURS TO MERGE'] : []),
    ...(costs ? ['COST PER TASK (n)', 'COST PER MERGED'] : []),
  ];
  const rows = report.cohorts.map((c) => [
    c.key,
    String(c.n),
    String(c.fatesKnown),
    ...shown.map((r) => rateCell(c, r)),
    ...(hours ? [c.medianHoursToMerge === null ? '—' : c.medianHoursToMerge.toFixed(1)] : []),
    ...(costs
      ? [c.cost.perTaskUsd === null ? '—' : `${usd(c.cost.perTaskUsd)} (${c.cost.known})`, usd(c.cost.perMergedUsd)]
      : []),
  ]);
  const told = fateSentences(report);
  const sentences = told.sentences.map((s) => s.text);
  if (told.more) sentences.push(`${told.more} more pair(s) and rate(s): --format json has every one`);
  if (scores) sentences.push(...disagreements(report, scores));
  const title = `what happened, by ${report.by}: each cohort's tasks with a fate kept by \`taskeval outcomes\``;
  const note =
    'Rates are over the tasks whose answer is known (a later fix inside its window is not yet known); intervals are Wilson 95%. ' +
    'Like for like holds the strata equal; a clear verdict survives Holm over the pairs.';
  if (format === 'markdown') {
    return [
      `### taskeval: ${title}`,
      '',
      renderMarkdownTable(headers, rows, ['left', 'right', 'right']),
      ...(sentences.length ? [sentences.map((s) => `- ${s}`).join('\n'), ''] : []),
      `${note}\n`,
      '',
    ].join('\n');
  }
  const columns = headers.map((header, i) => ({ header, ...(i === 1 || i === 2 ? { align: 'right' as const } : {}) }));
  return `${title}\n${renderTable(columns, rows)}\n${sentences.map((s) => `  ${s}\n`).join('')}${note}\n\n`;
}

/**
 * Where the scores and what happened disagree on a pair: a clear merge-rate gap the overall score does not see,
 * or sees the other way round.
 */
function disagreements(report: FateComparison, scores: CohortComparison): string[] {
  const out: string[] = [];
  for (const d of report.differences) {
    if (d.rate !== 'merged' || !d.clear || !d.adjusted) continue;
    const s = scores.differences.find(
      (x) => x.category === 'overall' && ((x.a === d.a && x.b === d.b) || (x.a === d.b && x.b === d.a)),
    );
    if (!s) continue;
    const better = d.adjusted.diff > 0 ? d.b : d.a;
    const scoreSays = s.a === d.a ? verdictDiff(s) : -verdictDiff(s);
    if (!s.clear)
      out.push(
        `the scores and the outcomes disagree: ${better}'s work was merged more, but the overall scores show no clear difference`,
      );
    else if (Math.sign(scoreSays) !== Math.sign(d.adjusted.diff))
      out.push(
        `the scores and the outcomes disagree: ${better}'s work was merged more, but its overall scores are lower`,
      );
  }
  return out;
}
