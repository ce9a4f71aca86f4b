import { SCORE_BAND_NAMES, SCORE_CATEGORIES, VALIDATED_SCORES, type ValidationReport } from '../../core/index.js';
import { renderAgreement } from './render-agreement.js';
import { renderTable } from './render-table.js';

const fixed = (v: number | null): string => (v === null ? '-' : v.toFixed(3));

/** The validation report as text: one row per score, then every rule that fired with its own figure. */
export function renderValidation(report: ValidationReport, notes: readonly string[]): string {
  const ordinal = report.kind === 'ordinal';
  const stat = ordinal ? 'rho' : 'AUC';
  const counts = ordinal ? `${report.n} rated tasks` : `${report.bad} bad, ${report.good} good`;
  const several = report.projects > 1;
  const head = `label ${report.label}: ${counts}; ${report.sized} of ${report.n} with a known size${several ? `; ${report.projects} projects (intervals resample ${report.bootstrap.by === 'project' ? 'whole projects' : 'tasks within each project: too few projects to resample'})` : ''}\n\n`;
  const scores = renderTable(
    [
      { header: 'score' },
      { header: stat, align: 'right' },
      { header: '95% CI' },
      { header: `${stat} within size deciles`, align: 'right' },
      ...(several ? [{ header: 'AUC within projects', align: 'right' as const }] : []),
      { header: 'distinct', align: 'right' },
      { header: 'top share', align: 'right' },
    ],
    VALIDATED_SCORES.map((c) => {
      const v = report.categories[c];
      return [
        c,
        fixed(ordinal ? v.rho : v.auc),
        `${fixed(v.ciLow)}–${fixed(v.ciHigh)}`,
        fixed(v.withinSizeAuc),
        ...(several ? [fixed(v.withinProjectAuc)] : []),
        String(v.distinct),
        `${Math.round(v.topShare * 100)}%`,
      ];
    }),
  );
  const bands = ordinal
    ? ''
    : `\nbad rate per band (bad / tasks in the band):\n${renderTable(
        [{ header: 'score' }, ...SCORE_BAND_NAMES.map((b) => ({ header: b, align: 'right' as const }))],
        VALIDATED_SCORES.map((c) => [
          c,
          ...report.categories[c].bands.map((b) =>
            b.n === 0 ? '-' : `${Math.round((b.rate ?? 0) * 1000) / 10}% of ${b.n}`,
          ),
        ]),
      )}`;
  const judge = `${renderJudgeParts(report, stat)}${report.agreement ? renderAgreement(report.agreement) : ''}`;
  const warnings = report.warnings.map((w) => `warning: ${w}\n`).join('');
  const fired = report.rules.filter((r) => r.fired > 0);
  const rules =
    fired.length === 0
      ? 'no rubric rule moved a score\n'
      : renderTable(
          [{ header: 'rule' }, { header: 'fired', align: 'right' }, { header: stat, align: 'right' }],
          fired.map((r) => [r.rule, String(r.fired), fixed(ordinal ? r.rho : r.auc)]),
        );
  const reading = ordinal
    ? 'rho: rank correlation of score and rating (1: same order, 0: none).'
    : 'AUC: probability that a bad task scores lower than a good one (0.5 is chance, 1 a perfect ranking).';
  const tail = notes.length ? `\n${notes.map((n) => `note: ${n}`).join('\n')}\n` : '';
  return `${head}${scores}${bands}${judge}${warnings ? `\n${warnings}` : ''}\n${rules}\n${reading} 95% CI from ${report.bootstrap.iterations} bootstrap resamples (seed ${report.bootstrap.seed}).\n${tail}`;
}

/** The judge's part against the rubric's, on the judged results: does the 30% add to the ranking or take from it? */
function renderJudgeParts(report: ValidationReport, stat: string): string {
  const parts = report.judgeParts;
  if (!parts) return '';
  const ordinal = report.kind === 'ordinal';
  const figure = (v: { auc: number | null; rho: number | null; ciLow: number | null; ciHigh: number | null }) =>
    `${fixed(ordinal ? v.rho : v.auc)} (${fixed(v.ciLow)}–${fixed(v.ciHigh)})`;
  const rows = SCORE_CATEGORIES.map((c) => {
    const p = parts.categories[c];
    const det = ordinal ? p.deterministic.rho : p.deterministic.auc;
    const fin = ordinal ? p.final.rho : p.final.auc;
    const change = det === null || fin === null ? '-' : `${fin >= det ? '+' : ''}${(fin - det).toFixed(3)}`;
    return [c, figure(p.deterministic), figure(p.ai), figure(p.final), change];
  });
  return `\nthe judge's part, on the ${parts.n} judged results (${stat}, 95% CI):\n${renderTable(
    [
      { header: 'category' },
      { header: 'deterministic' },
      { header: 'AI' },
      { header: 'final (0.7 det + 0.3 AI)' },
      { header: 'judge adds', align: 'right' },
    ],
    rows,
  )}`;
}
