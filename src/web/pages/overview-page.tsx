/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import type { ResultSummary, RunHeader, TrendPoint } from '../../store/index.js';
import { BandDistribution } from '../components/band-distribution.js';
import { EmptyState } from '../components/empty-state.js';
import { Layout } from '../components/layout.js';
import { ResultsTable } from '../components/results-table.js';
import { RunsTable } from '../components/runs-table.js';
import { TrendChart } from '../components/trend-chart.js';
import { hrefWith, shortId } from '../format.js';

export interface OverviewPageProps {
  runs: readonly RunHeader[];
  runCount: number;
  bucket: 'day' | 'week';
  trends: readonly TrendPoint[];
  /** What the trend left out to stay one way of scoring (mode and rubric), or null. */
  trendNote?: string | null;
  /** The newest run that has results, with its band counts. */
  latest: { run: RunHeader; bands: Record<string, number> } | null;
  weakest: readonly ResultSummary[];
  canStartRun: boolean;
}

/** Latest runs, trend lines, the latest run's band distribution and its weakest tasks. */
export const OverviewPage: FC<OverviewPageProps> = ({
  runs,
  runCount,
  bucket,
  trends,
  trendNote,
  latest,
  weakest,
  canStartRun,
}) => (
  <Layout title="Overview" nav="overview" live>
    <div class="actions">
      <h1>Overview</h1>
      {canStartRun ? (
        <>
          <button type="button" id="start-run">
            Start a run
          </button>
          <span id="start-run-status" class="muted small" role="status"></span>
        </>
      ) : null}
    </div>
    {runCount === 0 ? (
      <div class="panel">
        <EmptyState title="No runs yet" command="taskeval run">
          <p class="small">Results appear here as soon as a run stores them.</p>
        </EmptyState>
      </div>
    ) : (
      <div class="stack">
        <section class="panel">
          <h2>Latest runs</h2>
          <RunsTable runs={runs} />
          {runCount > runs.length ? (
            <p class="small">
              <a href="/runs">All {runCount.toLocaleString('en-US')} runs</a>
            </p>
          ) : null}
        </section>
        <div class="grid">
          <section class="panel" data-testid="trends">
            <div class="actions">
              <h2>Mean score per {bucket}</h2>
              <a class="small" href={hrefWith('/', { bucket: bucket === 'day' ? 'week' : 'day' })}>
                by {bucket === 'day' ? 'week' : 'day'}
              </a>
            </div>
            {trends.length === 0 ? <EmptyState title="No scored results yet" /> : <TrendChart points={trends} />}
            {trendNote ? (
              <p class="small muted" data-testid="trend-modes">
                {trendNote}
              </p>
            ) : null}
          </section>
          <section class="panel">
            <h2>
              Bands in the latest run
              {latest ? (
                <>
                  {' '}
                  <a href={`/runs/${encodeURIComponent(latest.run.id)}`} class="mono small">
                    {shortId(latest.run.id)}
                  </a>
                </>
              ) : null}
            </h2>
            {latest ? <BandDistribution bands={latest.bands} /> : <EmptyState title="No run has scored results yet" />}
          </section>
        </div>
        <section class="panel">
          <h2>Weakest tasks in the latest run</h2>
          {weakest.length === 0 ? (
            <EmptyState title="No scored results yet" />
          ) : (
            <ResultsTable items={weakest} showRun={false} />
          )}
        </section>
      </div>
    )}
  </Layout>
);
