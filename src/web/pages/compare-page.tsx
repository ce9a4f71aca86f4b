/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import {
  COMPARED_SCORES,
  describeDifference,
  fateSentences,
  FATE_RATES,
  type CohortComparison,
  type FateComparison,
  type FateRate,
  type ComparedScore,
  type PairedComparison,
  type ScoreDifference,
} from '../../core/index.js';
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
  mixModes?: boolean;
  /** What the pickers offer: the cohort and label keys results carry, their agents and models, the latest runs. */
  choices?: {
    labelKeys: readonly string[];
    agents: readonly string[];
    models: readonly string[];
    runs: readonly { id: string; createdAt: string; status: string; judge: string | null }[];
  };
  cohorts: CohortComparison | null;
  /** What happened to each cohort's work (fates kept by `taskeval outcomes`): shown first. */
  outcomes?: FateComparison | null;
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
const NO_CHOICES = { labelKeys: [], agents: [], models: [], runs: [] };

/** A run as a picker shows it: id, when, status and judge. */
const runLabel = (r: { id: string; createdAt: string; status: string; judge: string | null }) =>
  `${r.id} · ${r.createdAt.slice(0, 16).replace('T', ' ')} · ${r.status} · ${r.judge ?? 'deterministic only'}`;

export const ComparePage: FC<ComparePageProps> = ({
  by,
  minN,
  a,
  b,
  mixModes,
  choices = NO_CHOICES,
  cohorts,
  outcomes = null,
  paired,
  modeNote,
}) => (
  <Layout title="Compare" nav="compare">
    <h1>Compare</h1>
    <form class="filters panel" method="get" action="/compare" data-testid="compare-form">
      <label>
        Group by
        <select name="by" data-testid="compare-by">
          {[
            'agent',
            'model',
            'provider',
            'project',
            'task-type',
            ...choices.labelKeys.map((k) => `label:${k}`),
            ...(['agent', 'model', 'provider', 'project', 'task-type'].includes(by) ||
            choices.labelKeys.includes(by.slice(6))
              ? []
              : [by]),
          ].map((k) => (
            <option value={k} selected={k === by}>
              {k === 'agent'
                ? `agent (${choices.agents.length ? choices.agents.join(', ') : 'none recorded'})`
                : k === 'model'
                  ? `model (${choices.models.length ? choices.models.join(', ') : 'none recorded'})`
                  : k}
            </option>
          ))}
        </select>
      </label>
      <label>
        Minimum n
        <input type="number" name="minN" min="1" value={String(minN)} />
      </label>
      <label>
        <input type="checkbox" name="mixModes" value="1" checked={Boolean(mixModes)} /> mix modes
      </label>
      <button type="submit">Compare cohorts</button>
    </form>
    <form class="filters panel" method="get" action="/compare" data-testid="paired-form">
      {(['a', 'b'] as const).map((side) => (
        <label>
          Run {side.toUpperCase()}
          <select name={side} data-testid={`compare-run-${side}`}>
            <option value="">choose a run</option>
            {[
              ...choices.runs,
              ...((side === 'a' ? a : b) && !choices.runs.some((r) => r.id === (side === 'a' ? a : b))
                ? [{ id: (side === 'a' ? a : b)!, createdAt: '', status: '', judge: null }]
                : []),
            ].map((r) => (
              <option value={r.id} selected={r.id === (side === 'a' ? a : b)}>
                {r.createdAt ? runLabel(r) : r.id}
              </option>
            ))}
          </select>
        </label>
      ))}
      <button type="submit">Compare two runs</button>
    </form>
    {outcomes ? <OutcomeView report={outcomes} /> : null}
    <ModeNote note={modeNote} />
    {cohorts ? <CohortView report={cohorts} /> : null}
    {paired ? <PairedView report={paired} /> : null}
  </Layout>
);

const RATE_LABEL: Record<FateRate, string> = {
  merged: 'Merged',
  reverted: 'Reverted',
  fixed: 'Fixed later',
  oneShot: 'One-shot',
};
const pct = (x: number) => `${Math.round(x * 100)}%`;

/** What happened to each cohort's work, before its scores: rates with intervals, then a sentence per pair. */
const OutcomeView: FC<{ report: FateComparison }> = ({ report }) => {
  const shown = FATE_RATES.filter((r) => report.cohorts.some((c) => c.rates[r]));
  const hours = report.cohorts.some((c) => c.medianHoursToMerge !== null);
  const costs = report.cohorts.some((c) => c.cost.known > 0);
  // Every verdict, then the merge rates, up to a dozen; the rest are in /api/compare.
  const { sentences, more } = fateSentences(report);
  return (
    <section class="panel" data-testid="outcomes">
      <h2>What happened, by {report.by}</h2>
      <div class="table-scroll">
        <table class="cohorts">
          <thead>
            <tr>
              <th>Cohort</th>
              <th class="num">n</th>
              <th class="num">Fates known</th>
              {shown.map((r) => (
                <th>{RATE_LABEL[r]} (95% CI)</th>
              ))}
              {hours ? <th class="num">Median hours to merge</th> : null}
              {costs ? <th>Cost per merged</th> : null}
            </tr>
          </thead>
          <tbody>
            {report.cohorts.map((c) => (
              <tr data-cohort={c.key}>
                <td>
                  <strong>{c.key}</strong>
                </td>
                <td class="num">{String(c.n)}</td>
                <td class="num">{String(c.fatesKnown)}</td>
                {shown.map((r) => {
                  const rate = c.rates[r];
                  return (
                    <td data-rate={r}>
                      {rate ? `${pct(rate.rate)} of ${rate.n}` : '—'}
                      {rate ? <div class="small muted">{`${pct(rate.ciLow)}–${pct(rate.ciHigh)}`}</div> : null}
                    </td>
                  );
                })}
                {hours ? (
                  <td class="num">{c.medianHoursToMerge === null ? '—' : c.medianHoursToMerge.toFixed(1)}</td>
                ) : null}
                {costs ? (
                  <td class="small">
                    {c.cost.perMergedUsd === null ? (
                      <span class="muted">{c.cost.known ? 'none merged' : 'unknown'}</span>
                    ) : (
                      `${usd(c.cost.perMergedUsd)} (${c.cost.known} with a cost)`
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul class="differences">
        {sentences.map(({ difference: d, text }) => (
          <li class={d.clear ? 'clear' : 'unclear'} data-rate={d.rate}>
            {text}
          </li>
        ))}
      </ul>
      {more ? <p class="small muted">{`${more} more pair(s) and rate(s) in /api/compare.`}</p> : null}
      <p class="small muted">
        Fates are kept by <code>taskeval outcomes</code>. Rates are over the tasks whose answer is known (a later fix
        inside its window is not yet known); intervals are Wilson 95%; a clear verdict survives Holm over the pairs.
      </p>
    </section>
  );
};

const usd = (x: number) => (x < 0.01 && x > 0 ? `$${x.toPrecision(2)}` : `$${x.toFixed(2)}`);

/** Tokens and costs of a cohort, where known, and its overall per dollar. */
const SpendCell: FC<{ spend: CohortComparison['cohorts'][number]['spend'] }> = ({ spend }) =>
  spend.tokenTasks + spend.agentCostTasks + spend.judgeCostTasks === 0 ? (
    <span class="muted">unknown</span>
  ) : (
    <>
      {spend.meanAgentTokens !== null ? (
        <div>{`${spend.meanAgentTokens.toLocaleString('en-US')} tokens/task (${spend.tokenTasks})`}</div>
      ) : null}
      {spend.agentCostUsd !== null ? <div>{`agent ${usd(spend.agentCostUsd)} (${spend.agentCostTasks})`}</div> : null}
      {spend.judgeCostUsd !== null ? <div>{`judge ${usd(spend.judgeCostUsd)} (${spend.judgeCostTasks})`}</div> : null}
      {spend.overallPerDollar !== null ? <div>{`${spend.overallPerDollar} overall per $`}</div> : null}
    </>
  );

/** Each difference in words; clear ones bold, the rest read as no clear difference. */
const DifferenceList: FC<{ differences: readonly ScoreDifference[] }> = ({ differences }) => (
  <ul class="differences">
    {differences.map((d) => (
      <li class={d.clear ? 'clear' : 'unclear'} data-score={d.category}>
        <span class="muted small">{LABEL[d.category]}:</span> {describeDifference(d)}
        {d.paired ? null : (
          <span class="muted small">{` (raw ${d.raw.diff > 0 ? '+' : ''}${d.raw.diff.toFixed(1)})`}</span>
        )}
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
                <th>Cost</th>
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
                  <td class="small">
                    <SpendCell spend={c.spend} />
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
      {report.n} task(s) scored in both
      {report.onlyA || report.onlyB ? `; ${report.onlyA} only in A and ${report.onlyB} only in B are not compared` : ''}
      . Bands: {report.bands.better} better, {report.bands.worse} worse, {report.bands.same} unchanged.
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
                    <a href={`/results/${encodeURIComponent(m.a.resultId)}`}>{String(m.a.overall)}</a>{' '}
                    <BandBadge band={m.a.band} />
                  </td>
                  <td>
                    <a href={`/results/${encodeURIComponent(m.b.resultId)}`}>{String(m.b.overall)}</a>{' '}
                    <BandBadge band={m.b.band} />
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
