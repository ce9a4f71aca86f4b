import { SCORE_CATEGORIES, RATED_ASPECTS, type AgreementReport } from '../../core/index.js';
import type { KeptJudgeParts, StoredJudgeComparison } from '../../runs/index.js';
import { renderMarkdownTable } from './render-markdown-table.js';
import { renderTable } from './render-table.js';

const num = (v: number | null) => (v === null ? '-' : String(v));
const fixed = (v: number | null) => (v === null ? '-' : v.toFixed(3));

/** Two runs' judges on the same tasks: their parts, how each follows the rubric and the other, and what each predicts. */
export function renderJudgeComparison(c: StoredJudgeComparison, format: 'table' | 'markdown'): string {
  const table = (headers: string[], rows: string[][], right: number[] = []) =>
    format === 'markdown'
      ? renderMarkdownTable(
          headers,
          rows,
          headers.map((_, i) => (right.includes(i) ? 'right' : 'left')),
        )
      : renderTable(
          headers.map((header, i) => ({ header, ...(right.includes(i) ? { align: 'right' as const } : {}) })),
          rows,
        );
  const [a, b] = c.sides;
  const name = (s: typeof a) =>
    s.judge
      ? `${s.judge.provider}/${s.judge.model}${s.judge.promptVersion ? ` (prompt ${s.judge.promptVersion})` : ''}`
      : 'deterministic only';
  const out = [
    `\njudges on the ${c.n} task(s) both runs scored:\n`,
    table(
      ['run', 'judge', 'judged'],
      c.sides.map((s) => [s.runId, name(s), String(s.judged)]),
      [2],
    ),
    '\n',
    table(
      [
        'category',
        'A rubric',
        'A judge',
        'A final',
        'B rubric',
        'B judge',
        'B final',
        'A judge~rubric',
        'B judge~rubric',
        'A judge~B judge',
      ],
      SCORE_CATEGORIES.map((cat) => {
        const x = a.categories[cat]!;
        const y = b.categories[cat]!;
        return [
          cat,
          num(x.deterministic),
          num(x.ai),
          num(x.final),
          num(y.deterministic),
          num(y.ai),
          num(y.final),
          fixed(x.aiVsRubric),
          fixed(y.aiVsRubric),
          fixed(c.judgesAgree[cat] ?? null),
        ];
      }),
      [1, 2, 3, 4, 5, 6, 7, 8, 9],
    ),
    "means of each part; ~ is Spearman's rho (near 0: the judge ranks the tasks on something else).\n",
  ];
  out.push("\nwhat each judge's part predicts (its run's newest kept `taskeval validate` report):\n");
  for (const [i, s] of c.sides.entries()) out.push(keptLine(s.runId, c.validations[i]!, table));
  if (c.people.some((p) => p !== null)) {
    out.push('\nagreement with people on the shared tasks (ratings in the store):\n');
    for (const [i, s] of c.sides.entries()) out.push(peopleLine(s.runId, c.people[i]!, table));
  }
  return out.join('');
}

function keptLine(
  runId: string,
  kept: KeptJudgeParts | null,
  table: (headers: string[], rows: string[][], right?: number[]) => string,
): string {
  if (!kept) return `${runId}: none kept: taskeval validate --run ${runId} --outcomes (or --labels store)\n`;
  const figure = (v: { auc: number | null; rho: number | null; ciLow: number | null; ciHigh: number | null }) =>
    `${fixed(v.auc ?? v.rho)} (${fixed(v.ciLow)} to ${fixed(v.ciHigh)})`;
  return `${runId}: ${kept.label}, over its ${kept.judgeParts.n} judged results\n${table(
    ['category', 'rubric', 'judge', 'final'],
    SCORE_CATEGORIES.map((cat) => {
      const p = kept.judgeParts.categories[cat];
      return [cat, figure(p.deterministic), figure(p.ai), figure(p.final)];
    }),
  )}`;
}

function peopleLine(
  runId: string,
  report: AgreementReport | null,
  table: (headers: string[], rows: string[][], right?: number[]) => string,
): string {
  if (!report) return `${runId}: no ratings of its tasks\n`;
  const rows = report.versions.flatMap((v) =>
    RATED_ASPECTS.flatMap((aspect) => {
      const x = v.aspects[aspect];
      const f = (g: { value: number | null } | null) => fixed(g?.value ?? null);
      return x ? [[aspect, f(x.rubric), f(x.judge), f(x.final)]] : [];
    }),
  );
  return `${runId}: ${report.ratings} rating(s) by ${report.raters.join(', ')}, ${report.statistic}\n${table(['aspect', 'rubric', 'judge', 'final'], rows)}`;
}
