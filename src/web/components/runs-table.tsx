/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import type { RunHeader } from '../../store/index.js';
import { formatMean, formatTime, shortId } from '../format.js';
import { StatusBadge } from './badges.js';

/** One row per run: id, status, trigger, counts, mean overall, judge, created. */
export const RunsTable: FC<{ runs: readonly RunHeader[] }> = ({ runs }) => (
  <div class="table-scroll">
    <table data-testid="runs-table">
      <thead>
        <tr>
          <th>Run</th>
          <th>Status</th>
          <th class="hide-narrow">Trigger</th>
          <th class="num">Scored</th>
          <th class="num">Errors</th>
          <th class="num hide-narrow">Skipped</th>
          <th class="num">Mean</th>
          <th class="hide-narrow">Judge</th>
          <th class="hide-narrow">Created</th>
        </tr>
      </thead>
      <tbody>
        {runs.map((run) => (
          <tr data-run-id={run.id}>
            <td>
              <a href={`/runs/${encodeURIComponent(run.id)}`} class="mono">
                {shortId(run.id)}
              </a>
            </td>
            <td>
              <StatusBadge status={run.status} />
            </td>
            <td class="hide-narrow">{run.trigger}</td>
            <td class="num">{String(run.counts.scored)}</td>
            <td class="num">{String(run.counts.errored)}</td>
            <td class="num hide-narrow">{String(run.counts.skipped)}</td>
            <td class="num">{formatMean(run.aggregates.overall)}</td>
            <td class="hide-narrow small">
              {run.provenance.judgeProvider
                ? `${run.provenance.judgeProvider} / ${run.provenance.judgeModel ?? '?'}`
                : 'none (deterministic only)'}
            </td>
            <td class="hide-narrow small">{formatTime(run.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);
