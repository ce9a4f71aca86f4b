/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import { SCORE_CATEGORIES } from '../../core/index.js';
import type { ResultSummary } from '../../store/index.js';
import { CATEGORY_LABELS, CATEGORY_SHORT, divergentCategories, formatTime, shortId } from '../format.js';
import { BandBadge, DivergenceFlag, HistoryGapsFlag, ModeBadge, StatusBadge } from './badges.js';
import { ScoreBar } from './score-bar.js';

export interface SortState {
  key: string;
  order: 'asc' | 'desc';
  /** The URL that sorts by `key` (toggling the order when it is the current key). */
  href: (key: string) => string;
}

export interface ResultsTableProps {
  items: readonly ResultSummary[];
  sort?: SortState;
  showRun?: boolean;
}

const SortHeader: FC<{ label: string; sortKey: string; sort: SortState | undefined; class?: string }> = ({
  label,
  sortKey,
  sort,
  class: cls,
}) => {
  if (!sort) return <th class={cls}>{label}</th>;
  const active = sort.key === sortKey;
  const arrow = active ? (sort.order === 'asc' ? ' ▲' : ' ▼') : '';
  return (
    <th class={cls} aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}>
      <a href={sort.href(sortKey)} data-sort={sortKey}>
        {label}
        {arrow}
      </a>
    </th>
  );
};

/** One row per result: task, title, the three category bars, overall, mode, divergence, run, date. */
export const ResultsTable: FC<ResultsTableProps> = ({ items, sort, showRun = true }) => (
  <div class="table-scroll">
    <table class="results" data-testid="results-table">
      <thead>
        <tr>
          <SortHeader label="Task" sortKey="taskId" sort={sort} />
          <th class="hide-narrow">Title</th>
          {SCORE_CATEGORIES.map((c) => (
            <SortHeader label={CATEGORY_SHORT[c]} sortKey={c} sort={sort} />
          ))}
          <SortHeader label="Overall" sortKey="overall" sort={sort} />
          <th class="hide-narrow">Mode</th>
          <th class="hide-narrow">Flags</th>
          {showRun ? <th class="hide-narrow">Run</th> : null}
          <SortHeader label="Date" sortKey="evaluatedAt" sort={sort} class="hide-narrow" />
        </tr>
      </thead>
      <tbody>
        {items.map((r) => {
          const byCategory = new Map((r.categoryScores ?? []).map((s) => [s.category, s]));
          const diverged = divergentCategories(r.categoryScores);
          return (
            <tr data-result-id={r.id} data-task-id={r.taskId}>
              <td class="task-cell">
                <a href={`/results/${encodeURIComponent(r.id)}`} class="mono task-id">
                  {r.taskId}
                </a>
                {r.title ? <span class="narrow-title">{r.title}</span> : null}
                <span class="muted small narrow-title narrow-agent" data-testid="result-agent">
                  {[r.cohort.agent ?? 'human or unknown', r.cohort.modelId].filter(Boolean).join(' · ')}
                </span>
                {r.status === 'scored' ? (
                  <span class="narrow-title narrow-mode">
                    <ModeBadge mode={r.mode} /> <HistoryGapsFlag gaps={r.historyGaps} />
                  </span>
                ) : null}
              </td>
              <td class="hide-narrow">
                {r.title ?? <span class="muted">—</span>}
                <div class="muted small">
                  {[r.cohort.agent ?? 'human or unknown', r.cohort.modelId].filter(Boolean).join(' · ')}
                </div>
              </td>
              {r.status === 'scored' ? (
                <>
                  {SCORE_CATEGORIES.map((c) => (
                    <td>
                      <ScoreBar score={r.finals[c]} band={byCategory.get(c)?.band ?? null} label={CATEGORY_LABELS[c]} />
                    </td>
                  ))}
                  <td>
                    <span class="overall-cell">
                      <ScoreBar score={r.overallScore} band={r.overallBand} label="Overall" />
                      <BandBadge band={r.overallBand} />
                    </span>
                  </td>
                  <td class="hide-narrow">
                    <ModeBadge mode={r.mode} /> <HistoryGapsFlag gaps={r.historyGaps} />
                  </td>
                </>
              ) : (
                <td colspan={5} class="status-cell">
                  <StatusBadge status={r.status} /> <span class="small">{r.reason ?? ''}</span>
                  {r.transient ? <span class="muted small"> (will be retried)</span> : null}
                </td>
              )}
              <td class="hide-narrow">
                {diverged.map((c) => (
                  <DivergenceFlag label={CATEGORY_SHORT[c]} />
                ))}
              </td>
              {showRun ? (
                <td class="hide-narrow">
                  <a href={`/runs/${encodeURIComponent(r.runId)}`} class="mono small">
                    {shortId(r.runId)}
                  </a>
                </td>
              ) : null}
              <td class="hide-narrow small">{formatTime(r.evaluatedAt)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  </div>
);
