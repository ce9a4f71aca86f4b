import { RATED_ASPECTS, type AgreementFigure, type AgreementReport } from '../../core/index.js';
import { renderTable } from './render-table.js';

const fixed = (v: number | null): string => (v === null ? '-' : v.toFixed(3));
const figure = (f: AgreementFigure | null): string =>
  f === null ? '-' : `${fixed(f.value)} (${fixed(f.ciLow)}–${fixed(f.ciHigh)}) n=${f.n}`;

/** People against the scores, per prompt and rubric version, then people against each other. */
export function renderAgreement(report: AgreementReport): string {
  const lines = [
    `\nagreement with people: ${report.ratings} rating(s) of ${report.tasks} task(s) by ${report.raters.length} rater(s) (${report.raters.join(', ')}), scale ${report.scale}, ${report.statistic}, 95% CI over tasks:`,
  ];
  for (const v of report.versions) {
    lines.push(
      `${v.promptVersion === null ? 'no judge' : `prompt ${v.promptVersion}`}, rubric ${v.rubricVersion} (${v.tasks} task(s)):`,
      renderTable(
        [{ header: 'aspect' }, { header: 'rubric' }, { header: 'judge' }, { header: 'final' }],
        RATED_ASPECTS.flatMap((aspect) => {
          const a = v.aspects[aspect];
          return a ? [[aspect, figure(a.rubric), figure(a.judge), figure(a.final)]] : [];
        }),
      ).trimEnd(),
    );
  }
  const humans = RATED_ASPECTS.flatMap((aspect) => {
    const f = report.humans.aspects[aspect];
    return f ? [[aspect, figure(f)]] : [];
  });
  lines.push(
    `people with each other (Krippendorff's alpha, ${report.humans.metric}; n = tasks rated by two or more):`,
    renderTable([{ header: 'aspect' }, { header: 'alpha' }], humans).trimEnd(),
    'kappa and alpha: 1 full agreement, 0 what chance gives, below 0 worse than chance.',
  );
  return `${lines.join('\n')}\n`;
}
