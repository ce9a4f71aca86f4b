/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import { SCORE_BAND_NAMES, VALIDATED_SCORES, type ValidatedScore } from '../../core/index.js';
import type { StoredValidation } from '../../store/index.js';
import { AgreementView } from '../components/agreement-view.js';
import { EmptyState } from '../components/empty-state.js';
import { Layout } from '../components/layout.js';
import { CATEGORY_LABELS, formatTime } from '../format.js';

const LABEL: Record<ValidatedScore, string> = { ...CATEGORY_LABELS, overall: 'Overall' };
const fixed = (v: number | null) => (v === null ? '—' : v.toFixed(3));
const percent = (v: number | null) => (v === null ? '—' : `${Math.round(v * 1000) / 10}%`);

export interface ValidityPageProps {
  /** The run asked for, or null for the latest reports of every run. */
  runId: string | null;
  validations: readonly StoredValidation[];
}

/** What `taskeval validate` said of stored scores: AUC (or rho) per score with its interval, bad rate per band. */
export const ValidityPage: FC<ValidityPageProps> = ({ runId, validations }) => (
  <Layout title="Validity" nav="validity">
    <h1>Validity</h1>
    <p class="small muted">
      How well the stored scores predicted what happened to the work. AUC is the chance that a bad task scored lower
      than a good one (0.5 is chance, 1 a perfect ranking); the bad rate per band should fall from failing to excellent.
      {runId ? (
        <>
          {' '}
          Run{' '}
          <a href={`/runs/${encodeURIComponent(runId)}`} class="mono">
            {runId}
          </a>{' '}
          · <a href="/validity">every run</a>
        </>
      ) : null}
    </p>
    {validations.length === 0 ? (
      <section class="panel">
        <EmptyState
          title={runId ? 'No validation is kept for this run' : 'No validation is kept yet'}
          command={`taskeval validate --run ${runId ?? 'latest'} --outcomes`}
        >
          <p class="small">
            Outcomes come from git (later fixes that blame the task's lines) or from a labels file (--labels FILE
            --label COLUMN); each report is kept with its run.
          </p>
        </EmptyState>
      </section>
    ) : (
      validations.map((v) => <ValidationReportView validation={v} />)
    )}
  </Layout>
);

const ValidationReportView: FC<{ validation: StoredValidation }> = ({ validation: v }) => {
  const r = v.report;
  const ordinal = r.kind === 'ordinal';
  const stat = ordinal ? 'rho' : 'AUC';
  return (
    <section class="panel" data-testid="validation" data-validation-id={v.id}>
      <h2>{v.label}</h2>
      <p class="small">
        {ordinal ? `${r.n} rated tasks` : `${r.bad} bad and ${r.good} good tasks`}; {r.sized} of {r.n} with a known size
        · run{' '}
        <a href={`/runs/${encodeURIComponent(v.runId)}`} class="mono">
          {v.runId}
        </a>{' '}
        · {formatTime(v.createdAt)}
      </p>
      {r.warnings.map((w) => (
        <p class="small flag" role="note">
          {w}
        </p>
      ))}
      <div class="table-scroll">
        <table class="small" data-testid="validity-scores">
          <thead>
            <tr>
              <th>Score</th>
              <th class="num">{stat}</th>
              <th>95% interval</th>
              <th class="num hide-narrow">{stat} within size</th>
              <th class="num hide-narrow">Top share</th>
            </tr>
          </thead>
          <tbody>
            {VALIDATED_SCORES.map((c) => {
              const s = r.categories[c];
              return (
                <tr data-score={c}>
                  <td>{LABEL[c]}</td>
                  <td class="num">{fixed(ordinal ? s.rho : s.auc)}</td>
                  <td>{`${fixed(s.ciLow)} – ${fixed(s.ciHigh)}`}</td>
                  <td class="num hide-narrow">{fixed(s.withinSizeAuc)}</td>
                  <td class="num hide-narrow">{`${Math.round(s.topShare * 100)}%`}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {ordinal ? null : (
        <>
          <h3>Bad rate per band</h3>
          <div class="table-scroll">
            <table class="small" data-testid="validity-bands">
              <thead>
                <tr>
                  <th>Score</th>
                  {SCORE_BAND_NAMES.map((b) => (
                    <th class="num">{b}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {VALIDATED_SCORES.map((c) => (
                  <tr data-score={c}>
                    <td>{LABEL[c]}</td>
                    {r.categories[c].bands.map((b) => (
                      <td class="num" title={b.n ? `${b.bad} of ${b.n} bad` : 'no task in this band'}>
                        {b.n === 0 ? '—' : `${percent(b.rate)} of ${b.n}`}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {r.agreement ? <AgreementView report={r.agreement} /> : null}
      {v.notes.length ? (
        <ul class="small muted">
          {v.notes.map((n) => (
            <li>{n}</li>
          ))}
        </ul>
      ) : null}
      <p class="small muted">
        {`95% intervals from ${r.bootstrap.iterations} bootstrap resamples (seed ${r.bootstrap.seed}).`}
      </p>
    </section>
  );
};
