/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import { COMPARED_SCORES, describeDifference, type CohortComparison, type ComparedScore, type PairedComparison, type ScoreDifference } from '../../core/index.js';
import { BandBadge } from '../components/badges.js';
import { BandDistribution } from '../components/band-distribution.js';
import { CiWhisker } from '../components/ci-whisker.js';
import { EmptyState } from '../components/empty-state.js';
import { Layout } from '../components/layout.js';
import { CATEGORY_LABELS } from '../format.js';

const LABEL: Record<ComparedScore, string> = { ...CATEGORY_LABELS, overall: 'Overall' };

export interface ComparePageProps {
  /** The form's values. */
  by: string;
  minN: number;
  a?: string;
  b?: string;
  cohorts: CohortComparison | null;
  paired: PairedComparison | null;
  /** How the compared scores were made ("Scores: deterministic only (no judge)."), so such figures say so. */
  modeNote: string | null;
}

/** The page only renders the line; its words come with the comparison. */
const ModeNote: FC<{ note: string | null }> = ({ note }) =>
  note === null ? null : (
    <p class="small muted" data-testid="compare-modes">
      {note}
    </p>
  );

/** Cohorts side by side (means with 95% whiskers, bands, n), or two runs paired task by task. */
export const ComparePage: FC<ComparePageProps> = ({ by, minN, a, b, cohorts, paired, modeNote }) => (
  <Layout title="Compare" nav="compare">
    <h1>Compare</h1>
    <form class="filters panel" method="get" action="/compare" data-testid="compare-form">
      <label>
        Group by
        <input type="text" name="by" value={by} list="compare-keys" size={14} />
        <datalist id="compare-keys">
          {['model', 'provider', 'agent', 'project', 'label:prompt'].map((k) => (
            <option value={k}></option>
          ))}
        </datalist>
      </label>
      <label>
        Minimum n
        <input type="number" name="minN" min="1" value={String(minN)} />
      </label>
      <button type="submit">Compare cohorts</button>
    </form>
    <form class="filters panel" method="get" action="/compare" data-testid="paired-form">
      <label>
        Run A
        <input type="text" name="a" value={a ?? ''} placeholder="run_…" />
      </label>
      <label>
        Run B
        <input type="text" name="b" value={b ?? ''} placeholder="run_…" />
      </label>
      <button type="submit">Compare two runs</button>
    </form>
    <ModeNote note={modeNote} />
    {cohorts ? <CohortView report={cohorts} /> : null}
    {paired ? <PairedView report={paired} /> : null}
  </Layout>
);

/** Each difference in words; clear ones bold, the rest read as no clear difference. */
const DifferenceList: FC<{ differences: readonly ScoreDifference[] }> = ({ differences }) => (
  <ul class="differences">
    {differences.map((d) => (
      <li class={d.clear ? 'clear' : 'unclear'} data-score={d.category}>
        <span class="muted small">{LABEL[d.category]}:</span> {describeDifference(d)}
      </li>
    ))}
  </ul>
);

const CohortView: FC<{ report: CohortComparison }> = ({ report }) =>
  report.cohorts.length === 0 ? (
    <EmptyState title="No scored results to compare" command="taskeval run" />
  ) : (
    <>
      <section class="panel" data-testid="cohorts">
        <h2>By {report.by}</h2>
        <div class="table-scroll">
          <table class="cohorts">
            <thead>
              <tr>
                <th>Cohort</th>
                <th class="num">n</th>
                {COMPARED_SCORES.map((s) => (
                  <th>{LABEL[s]}</th>
                ))}
                <th>Bands</th>
              </tr>
            </thead>
            <tbody>
              {report.cohorts.map((c) => (
                <tr data-cohort={c.key}>
                  <td>
                    <strong>{c.key}</strong>
                    {c.compared ? null : <div class="small muted">not compared: {c.reason}</div>}
                  </td>
                  <td class="num">{String(c.n)}</td>
                  {COMPARED_SCORES.map((s) => (
                    <td>
                      <CiWhisker value={c.categories[s]!} label={`${c.key} ${LABEL[s]}`} />
                    </td>
                  ))}
                  <td>
                    <BandDistribution bands={c.bands} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section class="panel" data-testid="differences">
        <h2>Differences</h2>
        {report.differences.length === 0 ? (
          <p class="muted">Fewer than two cohorts have {report.minN} or more tasks: nothing to compare.</p>
        ) : (
          <DifferenceList differences={report.differences} />
        )}
      </section>
    </>
  );

const PairedView: FC<{ report: PairedComparison }> = ({ report }) => (
  <section class="panel" data-testid="paired">
    <h2>
      <code>{report.b}</code> against <code>{report.a}</code>
    </h2>
    <p>
      {report.n} task(s) scored in both{report.onlyA || report.onlyB ? `; ${report.onlyA} only in A and ${report.onlyB} only in B are not compared` : ''}. Bands:{' '}
      {report.bands.better} better, {report.bands.worse} worse, {report.bands.same} unchanged.
    </p>
    {report.n === 0 ? null : (
      <>
        <DifferenceList differences={report.differences} />
        <h3>Largest movers</h3>
        <div class="table-scroll">
          <table data-testid="movers">
            <thead>
              <tr>
                <th>Task</th>
                <th>A</th>
                <th>B</th>
                <th class="num">Change</th>
              </tr>
            </thead>
            <tbody>
              {report.movers.map((m) => (
                <tr>
                  <td class="mono task-id">{m.taskId}</td>
                  <td>
                    <a href={`/results/${encodeURIComponent(m.a.resultId)}`}>{String(m.a.overall)}</a> <BandBadge band={m.a.band} />
                  </td>
                  <td>
                    <a href={`/results/${encodeURIComponent(m.b.resultId)}`}>{String(m.b.overall)}</a> <BandBadge band={m.b.band} />
                  </td>
                  <td class="num">{m.delta > 0 ? `+${m.delta}` : String(m.delta)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </>
    )}
  </section>
);
