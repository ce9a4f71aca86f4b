/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import { RATED_ASPECTS, type AgreementFigure, type AgreementReport, type RatedAspect } from '../../core/index.js';
import { CATEGORY_LABELS } from '../format.js';

const LABEL: Record<RatedAspect, string> = { ...CATEGORY_LABELS, overall: 'Overall' };
const fixed = (v: number | null) => (v === null ? '—' : v.toFixed(3));
const Figure: FC<{ f: AgreementFigure | null }> = ({ f }) =>
  f === null ? (
    <>—</>
  ) : (
    <span title={`n = ${f.n}`}>{`${fixed(f.value)} (${fixed(f.ciLow)} – ${fixed(f.ciHigh)})`}</span>
  );

/** People against the rubric, the judge and the final score per prompt and rubric version, then against each other. */
export const AgreementView: FC<{ report: AgreementReport }> = ({ report: a }) => (
  <div data-testid="agreement">
    <h3>Agreement with people</h3>
    <p class="small">
      {`${a.ratings} rating(s) of ${a.tasks} task(s) by ${a.raters.join(', ')}; scale ${a.scale}; ${a.statistic} with 95% intervals over tasks (1 full agreement, 0 chance).`}
    </p>
    {a.versions.map((v) => (
      <div class="table-scroll">
        <table class="small" data-prompt-version={v.promptVersion ?? ''}>
          <caption class="small muted">
            {`${v.promptVersion === null ? 'No judge' : `Prompt ${v.promptVersion}`}, rubric ${v.rubricVersion}: ${v.tasks} task(s)`}
          </caption>
          <thead>
            <tr>
              <th>Aspect</th>
              <th>Rubric</th>
              <th>Judge</th>
              <th>Final</th>
            </tr>
          </thead>
          <tbody>
            {RATED_ASPECTS.flatMap((aspect) => {
              const row = v.aspects[aspect];
              return row
                ? [
                    <tr data-aspect={aspect}>
                      <td>{LABEL[aspect]}</td>
                      <td>
                        <Figure f={row.rubric} />
                      </td>
                      <td>
                        <Figure f={row.judge} />
                      </td>
                      <td>
                        <Figure f={row.final} />
                      </td>
                    </tr>,
                  ]
                : [];
            })}
          </tbody>
        </table>
      </div>
    ))}
    <p class="small">
      People with each other (Krippendorff's alpha, {a.humans.metric}):{' '}
      {RATED_ASPECTS.flatMap((aspect) => {
        const f = a.humans.aspects[aspect];
        return f ? [`${LABEL[aspect]} ${fixed(f.value)} over ${f.n} task(s)`] : [];
      }).join(' · ')}
    </p>
  </div>
);
