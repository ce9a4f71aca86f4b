/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import { SCORE_BAND_NAMES } from '../../core/index.js';
import type { Page, ResultSummary } from '../../store/index.js';
import { EmptyState } from '../components/empty-state.js';
import { Layout } from '../components/layout.js';
import { Pagination } from '../components/pagination.js';
import { ResultsTable } from '../components/results-table.js';
import { hrefWith } from '../format.js';

/** The results filter as the page reads and writes it in the query string. */
export interface ResultsFilter {
  run?: string;
  task?: string;
  band?: string[];
  status?: string;
  mode?: string;
  min?: number;
  max?: number;
  q?: string;
  model?: string;
  agent?: string;
  project?: string;
  label?: Record<string, string>;
  latest?: boolean;
  sort: string;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface ResultsPageProps {
  filter: ResultsFilter;
  page: Page<ResultSummary>;
  /** Whether any result is stored at all, to tell "no runs yet" from "nothing matches". */
  anyResults: boolean;
}

/** The query string of a filter, with overrides. */
export function resultsHref(filter: ResultsFilter, overrides: Partial<ResultsFilter> = {}): string {
  const f = { ...filter, ...overrides };
  return hrefWith('/results', {
    q: f.q,
    run: f.run,
    task: f.task,
    band: f.band?.join(','),
    status: f.status,
    mode: f.mode,
    min: f.min,
    max: f.max,
    model: f.model,
    agent: f.agent,
    project: f.project,
    label: f.label ? labelText(f.label) : undefined,
    latest: f.latest ? 1 : undefined,
    sort: f.sort === 'evaluatedAt' ? undefined : f.sort,
    order: f.order === 'desc' ? undefined : f.order,
    limit: f.limit === 50 ? undefined : f.limit,
    offset: f.offset || undefined,
  });
}

/** The export of every result the filter matches, in the page's order. */
function exportHref(filter: ResultsFilter, format: 'csv' | 'jsonl' | 'json'): string {
  const query = resultsHref(filter, { offset: 0, limit: 50 }).slice('/results'.length);
  return `/results/export${query ? `${query}&` : '?'}format=${format}`;
}

/** `prompt:v2,team:web`, as the label filter is typed. */
function labelText(labels: Record<string, string>): string {
  return Object.entries(labels)
    .map(([k, v]) => `${k}:${v}`)
    .join(',');
}

const Select: FC<{
  name: string;
  label: string;
  value: string | undefined;
  options: readonly (readonly [string, string])[];
}> = ({ name, label, value, options }) => (
  <label>
    {label}
    <select name={name}>
      <option value="">any</option>
      {options.map(([v, text]) => (
        <option value={v} selected={value === v}>
          {text}
        </option>
      ))}
    </select>
  </label>
);

/** A filterable, sortable, paged table of results; every page is one SQL query. */
export const ResultsPage: FC<ResultsPageProps> = ({ filter, page, anyResults }) => {
  const sort = {
    key: filter.sort,
    order: filter.order,
    href: (key: string) =>
      resultsHref(filter, {
        sort: key,
        order: key === filter.sort ? (filter.order === 'asc' ? 'desc' : 'asc') : key === 'taskId' ? 'asc' : 'desc',
        offset: 0,
      }),
  };
  return (
    <Layout title="Results" nav="results" live>
      <h1>Results</h1>
      <form class="filters panel" method="get" action="/results" role="search" data-testid="results-filter">
        <label style="flex:1 1 14em">
          Search task id or title
          <input type="search" name="q" value={filter.q ?? ''} placeholder="FN-123 or words in the title" />
        </label>
        <Select
          name="band"
          label="Band"
          value={filter.band?.join(',')}
          options={SCORE_BAND_NAMES.map((b) => [b, b] as const)}
        />
        <Select
          name="mode"
          label="Mode"
          value={filter.mode}
          options={[
            ['hybrid', 'hybrid'],
            ['deterministic-only', 'deterministic only'],
          ]}
        />
        <Select
          name="status"
          label="Status"
          value={filter.status}
          options={[
            ['scored', 'scored'],
            ['error', 'error'],
            ['skipped', 'skipped'],
          ]}
        />
        <label>
          Min overall
          <input type="number" name="min" min="0" max="100" value={filter.min ?? ''} />
        </label>
        <label>
          Max overall
          <input type="number" name="max" min="0" max="100" value={filter.max ?? ''} />
        </label>
        <label>
          Model
          <input type="text" name="model" value={filter.model ?? ''} placeholder="claude-sonnet-4-5" size={14} />
        </label>
        <label>
          Agent
          <input type="text" name="agent" value={filter.agent ?? ''} placeholder="claude" size={12} />
        </label>
        <label>
          Project
          <input type="text" name="project" value={filter.project ?? ''} size={10} />
        </label>
        <label>
          Label
          <input
            type="text"
            name="label"
            value={filter.label ? labelText(filter.label) : ''}
            placeholder="prompt:v2"
            size={12}
          />
        </label>
        <label class="checkbox">
          <input type="checkbox" name="latest" value="1" checked={filter.latest ?? false} /> Latest result per task
        </label>
        {filter.run ? <input type="hidden" name="run" value={filter.run} /> : null}
        {filter.task ? <input type="hidden" name="task" value={filter.task} /> : null}
        {filter.sort !== 'evaluatedAt' ? <input type="hidden" name="sort" value={filter.sort} /> : null}
        {filter.order !== 'desc' ? <input type="hidden" name="order" value={filter.order} /> : null}
        <button type="submit">Filter</button>
        <a href="/results" class="button secondary">
          Clear
        </a>
      </form>
      {filter.run || filter.task ? (
        <p class="small">
          {filter.run ? (
            <>
              Run <code>{filter.run}</code>{' '}
            </>
          ) : null}
          {filter.task ? (
            <>
              Task <code>{filter.task}</code>{' '}
            </>
          ) : null}
          <a href={resultsHref(filter, { run: undefined, task: undefined, offset: 0 })}>show all</a>
        </p>
      ) : null}
      <section class="panel">
        {page.count === 0 ? (
          anyResults ? (
            <EmptyState title="No result matches these filters">
              <p>
                <a href="/results">Clear the filters</a>
              </p>
            </EmptyState>
          ) : (
            <EmptyState title="No runs yet" command="taskeval run" />
          )
        ) : (
          <>
            <p class="small export-links" data-testid="results-export">
              {`${page.count.toLocaleString('en-US')} result${page.count === 1 ? '' : 's'} · export every match: `}
              {(['csv', 'jsonl', 'json'] as const).map((format, i) => (
                <>
                  {i ? ' · ' : ''}
                  <a href={exportHref(filter, format)} download>
                    {format.toUpperCase()}
                  </a>
                </>
              ))}
            </p>
            <ResultsTable items={page.items} sort={sort} />
            <Pagination
              count={page.count}
              limit={filter.limit}
              offset={filter.offset}
              href={(offset) => resultsHref(filter, { offset })}
            />
          </>
        )}
      </section>
    </Layout>
  );
};
