/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import { z } from 'zod';
import {
  compareStoredCohorts,
  compareStoredRuns,
  describeCompareModes,
  EXPORT_FORMATS,
  exportResults,
  trendMode,
} from '../runs/index.js';
import {
  ComparePage,
  ErrorPage,
  OverviewPage,
  ResultPage,
  ResultsPage,
  RunPage,
  RunsPage,
  ValidityPage,
} from '../web/index.js';
import { CompareQuerySchema, parseQuery, ResultsQuerySchema, toListResultsQuery } from './api/api-queries.js';
import { bandCounts, cachedRunSpend } from './api/runs-routes.js';
import type { RouteDeps } from './app-deps.js';
import { renderPage } from './render-page.js';

const pageQuery = (limit: number) =>
  z.strictObject({
    offset: z.string().regex(/^\d+$/).transform(Number).default(0),
    limit: z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(1).max(200)).default(limit),
  });

const ExportQuery = z.strictObject({ format: z.enum(EXPORT_FORMATS).default('csv') });

const ValidityQuery = z.strictObject({ run: z.string().min(1).max(200).optional() });

const OverviewQuery = z.strictObject({ bucket: z.enum(['day', 'week']).default('day') });

/** How many of the latest runs the overview lists, and how many weak tasks. */
const OVERVIEW_RUNS = 8;
const WEAKEST = 8;

/** The dashboard's pages; each reads one bounded page from the store and renders it on the server. */
export function pagesRoutes(deps: RouteDeps): Hono {
  const { store, cache } = deps;
  const app = new Hono();

  app.get('/', async (c) => {
    const { bucket } = parseQuery(OverviewQuery, c.req.query());
    // The trend reads every result: kept per data version, so a reload over unchanged data is not computed again.
    const { mode, trends } = await cache(`overview trends ${bucket}`, async () => {
      const mode = await trendMode(store);
      return { mode, trends: await store.trends({ bucket, ...mode.filter }) };
    });
    const runs = await store.listRuns({ limit: OVERVIEW_RUNS });
    const latestRun = runs.items.find((r) => r.counts.scored > 0) ?? null;
    // The weakest of a run of a million results is a sort over all of them: kept per data version too.
    const [bands, weakest] = latestRun
      ? await cache(`overview latest ${latestRun.id}`, () =>
          Promise.all([
            bandCounts(store, latestRun.id),
            store.listResults({
              runId: latestRun.id,
              status: 'scored',
              sort: 'overall',
              order: 'asc',
              limit: WEAKEST,
              count: false,
            }),
          ]),
        )
      : [null, null];
    return renderPage(
      c,
      <OverviewPage
        runs={runs.items}
        runCount={runs.count}
        bucket={bucket}
        trends={trends}
        trendNote={
          mode.used && mode.leftOut.length
            ? `Scores ${mode.used}; left out: ${mode.leftOut.map((l) => `${l.n} ${l.mode}`).join('; ')}.`
            : null
        }
        latest={latestRun && bands ? { run: latestRun, bands } : null}
        weakest={weakest?.items ?? []}
        canStartRun={Boolean(deps.startRun)}
      />,
    );
  });

  app.get('/results', async (c) => {
    const q = parseQuery(ResultsQuerySchema, c.req.query());
    const page = await store.listResults(toListResultsQuery(q));
    // Only asked when nothing matched, to tell an empty store from a too-narrow filter.
    const anyResults = page.count > 0 || (await store.listResults({ limit: 1 })).count > 0;
    return renderPage(c, <ResultsPage filter={q} page={page} anyResults={anyResults} />);
  });

  // The results list as a file: the same filter and order as the page, every match, streamed page by page.
  app.get('/results/export', async (c) => {
    const { format: raw, ...rest } = c.req.query();
    const format = parseQuery(ExportQuery, raw === undefined ? {} : { format: raw }).format;
    const { limit: _limit, offset: _offset, ...query } = toListResultsQuery(parseQuery(ResultsQuerySchema, rest));
    const chunks = exportResults(store, query, format);
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(new TextEncoder().encode(next.value));
      },
      async cancel() {
        await chunks.return(undefined);
      },
    });
    const type = format === 'csv' ? 'text/csv' : format === 'jsonl' ? 'application/x-ndjson' : 'application/json';
    return c.body(body, 200, {
      'Content-Type': `${type}; charset=utf-8`,
      'Content-Disposition': `attachment; filename="taskeval-results.${format}"`,
    });
  });

  app.get('/results/:id', async (c) => {
    const result = await store.getResult(c.req.param('id'));
    const [history, run] = await Promise.all([
      store.taskHistory(result.taskId, { limit: 50 }),
      store.getRun(result.runId),
    ]);
    return renderPage(c, <ResultPage result={result} history={history} forge={run.settings.forge ?? null} />);
  });

  app.get('/compare', async (c) => {
    const asked = parseQuery(CompareQuerySchema, c.req.query());
    // The pickers offer what the store holds: cohort keys, label keys, and the latest runs.
    const [facets, runs] = await Promise.all([store.resultFacets(), store.listRuns({ limit: 50 })]);
    // Unasked, the page opens on the first grouping that has two cohorts to compare: agents, else models, else types.
    const by = asked.by ?? (facets.agents.length > 1 ? 'agent' : facets.models.length > 1 ? 'model' : 'task-type');
    const q = { ...asked, by };
    const mix = q.mixModes ? { mixModes: true } : {};
    const { paired, cohorts } = await cache(`compare page ${JSON.stringify(q)}`, async () => {
      const paired = q.a && q.b ? await compareStoredRuns(store, q.a, q.b, mix) : null;
      return { paired, cohorts: paired ? null : await compareStoredCohorts(store, { by: q.by, minN: q.minN, ...mix }) };
    });
    const modes = (paired ?? cohorts)?.modes;
    return renderPage(
      c,
      <ComparePage
        by={q.by}
        minN={q.minN}
        {...(q.a ? { a: q.a } : {})}
        {...(q.b ? { b: q.b } : {})}
        mixModes={Boolean(q.mixModes)}
        choices={{
          labelKeys: facets.labelKeys,
          agents: facets.agents,
          models: facets.models,
          runs: runs.items.map((r) => ({
            id: r.id,
            createdAt: r.createdAt,
            status: r.status,
            judge: r.provenance.judgeModel,
          })),
        }}
        cohorts={cohorts?.report ?? null}
        outcomes={cohorts?.outcomes ?? null}
        paired={paired?.report ?? null}
        modeNote={modes ? describeCompareModes(modes) : null}
      />,
    );
  });

  app.get('/runs', async (c) => {
    const { limit, offset } = parseQuery(pageQuery(25), c.req.query());
    const [page, queue] = await Promise.all([
      store.listRuns({ limit, offset }),
      deps.queueStats ? deps.queueStats() : Promise.resolve(null),
    ]);
    return renderPage(c, <RunsPage page={page} limit={limit} offset={offset} queue={queue} />);
  });

  app.get('/runs/:id', async (c) => {
    const runId = c.req.param('id');
    const { limit, offset } = parseQuery(pageQuery(50), c.req.query());
    // The header, not getRun: the page shows no task-id lists (a large run's cost 40 ms to parse).
    const run = (await store.listRuns({ ids: [runId], limit: 1 })).items[0] ?? (await store.getRun(runId));
    const [events, bands, results, spend, validations] = await Promise.all([
      store.listEvents(runId),
      bandCounts(store, runId),
      store.listResults({ runId, sort: 'taskId', order: 'asc', limit, offset }),
      cachedRunSpend(deps, run),
      store.listValidations({ runId }),
    ]);
    return renderPage(
      c,
      <RunPage
        run={run}
        events={events}
        bands={bands}
        results={results}
        spend={spend}
        validations={validations}
        limit={limit}
        offset={offset}
      />,
    );
  });

  app.get('/validity', async (c) => {
    const { run } = parseQuery(ValidityQuery, c.req.query());
    const validations = await store.listValidations({ ...(run ? { runId: run } : {}), limit: run ? 50 : 10 });
    return renderPage(c, <ValidityPage runId={run ?? null} validations={validations} />);
  });

  return app;
}

/** The page shown for an error status. */
export function errorPage(status: number, message: string) {
  const title =
    status === 401
      ? 'Token required'
      : status === 404
        ? 'Not found'
        : status === 400
          ? 'Bad request'
          : status === 409
            ? 'Conflict'
            : 'Something went wrong';
  return <ErrorPage status={status} title={title} message={message} />;
}
