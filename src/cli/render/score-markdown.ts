import { SCORE_BAND_NAMES, SCORE_CATEGORIES } from '../../core/index.js';
import type { ScorecardResult } from './score-table.js';
import { renderMarkdownTable } from './render-markdown-table.js';

export interface ScoreMarkdownOptions {
  /** A heading line, e.g. the run id. */
  title?: string;
  failUnder?: number | undefined;
  /** How many of the lowest-scored tasks to show with their evidence. */
  weakest?: number;
}

const SHORT = { agentPerformance: 'AP', taskOutcomeQuality: 'TOQ', processCompliance: 'PC' } as const;
const mean = (xs: number[]) =>
  xs.length ? (Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10).toFixed(1) : '—';

/**
 * A summary fit for a pull-request comment or $GITHUB_STEP_SUMMARY: means, bands, the weakest tasks with
 * the evidence ids behind their lowest category, then every task in a collapsed table.
 */
export function renderScoreMarkdown(results: readonly ScorecardResult[], options: ScoreMarkdownOptions = {}): string {
  const scored = results.flatMap((r) => (r.status === 'scored' ? [r] : []));
  const final = (r: (typeof scored)[number], c: (typeof SCORE_CATEGORIES)[number]) =>
    r.categoryScores.find((s) => s.category === c)?.finalScore ?? 0;
  const out: string[] = [`### ${options.title ?? 'taskeval scores'}`, ''];
  const deterministic = scored.every((r) => r.mode === 'deterministic-only');
  out.push(
    `${scored.length} of ${results.length} task(s) scored${scored.length ? (deterministic ? ', deterministic only (no judge)' : ', hybrid (deterministic and judge)') : ''}.`,
    '',
  );
  if (scored.length) {
    out.push(
      renderMarkdownTable(
        ['', ...SCORE_CATEGORIES.map((c) => SHORT[c]), 'OVERALL'],
        [
          [
            'mean',
            ...SCORE_CATEGORIES.map((c) => mean(scored.map((r) => final(r, c)))),
            mean(scored.map((r) => r.overallScore)),
          ],
        ],
        ['left', 'right', 'right', 'right', 'right'],
      ),
    );
    const bands = SCORE_BAND_NAMES.map((b) => `${b} ${scored.filter((r) => r.overallBand === b).length}`).join(' · ');
    out.push(`Bands: ${bands}`, '');
  }
  if (options.failUnder !== undefined) {
    const below = scored.filter((r) => r.overallScore < options.failUnder!);
    out.push(
      below.length
        ? `**${below.length} task(s) under ${options.failUnder}:** ${below.map((r) => `\`${r.taskId}\` (${r.overallScore})`).join(', ')}`
        : `No task under ${options.failUnder}.`,
      '',
    );
  }
  const weakest = [...scored]
    .sort((a, b) => a.overallScore - b.overallScore || (a.taskId < b.taskId ? -1 : 1))
    .slice(0, options.weakest ?? 5);
  if (weakest.length) {
    out.push('**Weakest tasks**', '');
    out.push(
      renderMarkdownTable(
        ['TASK', 'OVERALL', 'LOWEST', 'EVIDENCE'],
        weakest.map((r) => {
          const low = [...r.categoryScores].sort((x, y) => x.finalScore - y.finalScore)[0];
          return [
            `${r.taskId} ${r.title ?? ''}`.trim(),
            `${r.overallScore} ${r.overallBand}`,
            low ? `${SHORT[low.category]} ${low.finalScore}` : '—',
            low?.evidence.length
              ? low.evidence
                  .slice(0, 3)
                  .map((id) => `\`${id}\``)
                  .join(' ')
              : '—',
          ];
        }),
        ['left', 'right'],
      ),
    );
  }
  const unscored = results.flatMap((r) => (r.status === 'scored' ? [] : [r]));
  if (unscored.length) {
    out.push(`**Not scored:** ${unscored.map((r) => `\`${r.taskId}\` (${r.status}: ${r.reason})`).join(', ')}`, '');
  }
  if (scored.length) {
    out.push('<details><summary>All tasks</summary>', '');
    out.push(
      renderMarkdownTable(
        ['TASK', ...SCORE_CATEGORIES.map((c) => SHORT[c]), 'OVERALL'],
        scored.map((r) => [
          r.taskId,
          ...SCORE_CATEGORIES.map((c) => String(final(r, c))),
          `${r.overallScore} ${r.overallBand}`,
        ]),
        ['left', 'right', 'right', 'right', 'right'],
      ),
    );
    out.push('</details>', '');
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
