/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import type { Page, RunHeader, ResultSummary, RunEvent, RunSpend, StoredValidation } from '../../store/index.js';
import { StatusBadge } from '../components/badges.js';
import { BandDistribution } from '../components/band-distribution.js';
import { EmptyState } from '../components/empty-state.js';
import { Layout } from '../components/layout.js';
import { Pagination } from '../components/pagination.js';
import { ResultsTable } from '../components/results-table.js';
import { CATEGORY_LABELS, formatMean, formatTime, formatUsd, hrefWith, shortId } from '../format.js';

export interface RunPageProps {
  run: RunHeader;
  events: readonly RunEvent[];
  bands: Record<string, number>;
  results: Page<ResultSummary>;
  /** Judge and agent tokens and costs summed over the run's results. */
  spend: RunSpend;
  /** What validate said of this run, newest first. */
  validations?: readonly StoredValidation[];
  limit: number;
  offset: number;
}

/** One run: status, window, counts and means, its event trail, its results. */
export const RunPage: FC<RunPageProps> = ({ run, events, bands, results, spend, validations = [], limit, offset }) => {
  const active = run.status === 'pending' || run.status === 'running';
  const p = run.provenance;
  return (
    <Layout title={`Run ${shortId(run.id)}`} nav="runs" live={active} liveRunId={run.id}>
      <h1>
        Run <span class="mono">{run.id}</span> <StatusBadge status={run.status} />
      </h1>
      <div class="grid">
        <section class="panel">
          <h2>Run</h2>
          <dl class="kv" data-testid="run-facts">
            <dt>Trigger</dt>
            <dd>{run.trigger}</dd>
            <dt>Created</dt>
            <dd>{formatTime(run.createdAt)}</dd>
            <dt>Started</dt>
            <dd>{formatTime(run.startedAt)}</dd>
            <dt>Finished</dt>
            <dd>{formatTime(run.finishedAt)}</dd>
            <dt>Window</dt>
            <dd>
              {run.window
                ? `after ${run.window.start ? formatTime(run.window.start) : 'the beginning'} up to ${run.window.end ? formatTime(run.window.end) : 'now'}`
                : 'all selected tasks'}
            </dd>
            <dt>Judge</dt>
            <dd>{p.judgeProvider ? `${p.judgeProvider} / ${p.judgeModel ?? '?'}` : 'none — deterministic only'}</dd>
            <dt>Versions</dt>
            <dd>{`rubric ${p.rubricVersion} · prompt ${p.promptVersion ?? '—'} · taskeval ${p.taskevalVersion}`}</dd>
            <dt>Labels</dt>
            <dd data-testid="run-labels">
              {Object.keys(run.settings.labels).length
                ? Object.entries(run.settings.labels)
                    .map(([k, v]) => `${k}=${v}`)
                    .join(' · ')
                : 'none'}
            </dd>
            {run.settings.forge ? (
              <>
                <dt>Repository</dt>
                <dd>
                  <a href={run.settings.forge.url} rel="noreferrer noopener" target="_blank" data-testid="run-forge">
                    {run.settings.forge.url.replace(/^https:\/\//, '')}
                  </a>
                </dd>
              </>
            ) : null}
            {run.settings.rescoreOf ? (
              <>
                <dt>Re-scores</dt>
                <dd>
                  <a
                    href={`/runs/${encodeURIComponent(run.settings.rescoreOf)}`}
                    class="mono"
                    data-testid="run-rescore-of"
                  >
                    {run.settings.rescoreOf}
                  </a>{' '}
                  <a
                    href={`/compare?a=${encodeURIComponent(run.settings.rescoreOf)}&b=${encodeURIComponent(run.id)}&mixModes=1`}
                    class="small"
                  >
                    compare
                  </a>
                </dd>
              </>
            ) : null}
            {run.resumeOf ? (
              <>
                <dt>Resumes</dt>
                <dd>
                  <a href={`/runs/${encodeURIComponent(run.resumeOf)}`} class="mono">
                    {run.resumeOf}
                  </a>
                </dd>
              </>
            ) : null}
            {run.reason ? (
              <>
                <dt>Reason</dt>
                <dd>{run.reason}</dd>
              </>
            ) : null}
            {run.summary ? (
              <>
                <dt>Summary</dt>
                <dd>{run.summary}</dd>
              </>
            ) : null}
          </dl>
        </section>
        <section class="panel">
          <h2>Counts</h2>
          <dl class="kv" data-testid="run-counts">
            <dt>Results</dt>
            <dd>{String(run.counts.total)}</dd>
            <dt>Scored</dt>
            <dd>{String(run.counts.scored)}</dd>
            <dt>Errors</dt>
            <dd>{String(run.counts.errored)}</dd>
            <dt>Skipped</dt>
            <dd>{String(run.counts.skipped)}</dd>
            <dt>Mean overall</dt>
            <dd>{formatMean(run.aggregates.overall)}</dd>
            {(['agentPerformance', 'taskOutcomeQuality', 'processCompliance'] as const).map((c) => (
              <>
                <dt>{CATEGORY_LABELS[c]}</dt>
                <dd>{formatMean(run.aggregates[c])}</dd>
              </>
            ))}
          </dl>
          <h3>Bands</h3>
          <BandDistribution bands={bands} />
          <h3>Tokens and cost</h3>
          <SpendFacts spend={spend} judged={Boolean(p.judgeProvider)} calls={judgeCalls(events)} />
          {validations.length ? (
            <p class="small">
              <a href={hrefWith('/validity', { run: run.id })} data-testid="run-validity-link">
                Validity: {validations.length} report{validations.length === 1 ? '' : 's'}
              </a>
            </p>
          ) : null}
        </section>
      </div>
      <section class="panel" style="margin-top:16px">
        <h2>Results</h2>
        {results.count === 0 ? (
          <EmptyState
            title={active ? 'No results yet; this page offers a reload as they arrive' : 'This run stored no results'}
          />
        ) : (
          <>
            <ResultsTable items={results.items} showRun={false} />
            <Pagination
              count={results.count}
              limit={limit}
              offset={offset}
              href={(o) => hrefWith(`/runs/${encodeURIComponent(run.id)}`, { offset: o || undefined })}
            />
            <p class="small">
              <a href={hrefWith('/results', { run: run.id })}>Filter and sort these results</a>
            </p>
          </>
        )}
      </section>
      <section class="panel">
        <h2>Event trail</h2>
        {events.length === 0 ? (
          <p class="muted">No events.</p>
        ) : (
          <div class="table-scroll">
            <table class="small" data-testid="run-events">
              <thead>
                <tr>
                  <th class="num">#</th>
                  <th>Type</th>
                  <th>Message</th>
                  <th class="hide-narrow">Time</th>
                </tr>
              </thead>
              <tbody>
                {events.map((e) => (
                  <tr>
                    <td class="num">{String(e.seq)}</td>
                    <td>
                      <span
                        class={`badge ${e.type === 'error' ? 'status-error' : e.type === 'warning' ? 'flag' : 'status-cancelled'}`}
                      >
                        {e.type}
                      </span>
                    </td>
                    <td>{e.message}</td>
                    <td class="hide-narrow">{formatTime(e.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </Layout>
  );
};

const n = (v: number) => v.toLocaleString('en-US');

/** The judge calls a finished run made and answered from the cache, from the event its record keeps; null before. */
function judgeCalls(events: readonly RunEvent[]): { calls: number; cacheHits: number } | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const spent = (events[i]!.data as { judgeSpend?: { calls?: unknown; cacheHits?: unknown } } | null)?.judgeSpend;
    if (typeof spent?.calls === 'number' && typeof spent.cacheHits === 'number')
      return { calls: spent.calls, cacheHits: spent.cacheHits };
  }
  return null;
}

/** The run's judge and agent spend, each with how many results it is known for; never a made-up zero. */
const SpendFacts: FC<{ spend: RunSpend; judged: boolean; calls: { calls: number; cacheHits: number } | null }> = ({
  spend,
  judged,
  calls,
}) => (
  <dl class="kv" data-testid="run-spend">
    {judged && (
      <>
        <dt>Judge calls</dt>
        <dd>
          {calls
            ? `${n(calls.calls)} made, ${n(calls.cacheHits)} answered from the cache`
            : 'counted when the run finishes'}
        </dd>
      </>
    )}
    <dt>Judge tokens</dt>
    <dd>
      {!judged
        ? 'none — deterministic only'
        : spend.judgedResults
          ? `${n(spend.judgeInputTokens)} input + ${n(spend.judgeOutputTokens)} output (${n(spend.judgeCachedTokens)} cached) over ${n(spend.judgedResults)} result${spend.judgedResults === 1 ? '' : 's'}`
          : 'none recorded'}
    </dd>
    <dt>Judge cost</dt>
    <dd>
      {!judged
        ? '—'
        : spend.judgeCostUsd === null
          ? 'unknown (no price for this model)'
          : `${formatUsd(spend.judgeCostUsd)} over ${n(spend.judgeCostResults)} result${spend.judgeCostResults === 1 ? '' : 's'}`}
    </dd>
    <dt>Agent tokens</dt>
    <dd>
      {spend.agentTokens === null
        ? 'not recorded'
        : `${n(spend.agentTokens)} over ${n(spend.agentTokenResults)} task${spend.agentTokenResults === 1 ? '' : 's'}`}
    </dd>
    <dt>Agent cost</dt>
    <dd>
      {spend.agentCostUsd === null
        ? 'not recorded (set sources.prices)'
        : `${formatUsd(spend.agentCostUsd)} over ${n(spend.agentCostResults)} task${spend.agentCostResults === 1 ? '' : 's'}`}
    </dd>
  </dl>
);
