import { Hono } from 'hono';
import { SCORE_BAND_NAMES } from '../../core/index.js';
import type { RunHeader, RunSpend, Store } from '../../store/index.js';
import type { AppDeps, RouteDeps } from '../app-deps.js';
import { ApiError } from '../error-status.js';
import { parseQuery, RunsQuerySchema, toListRunsQuery } from './api-queries.js';

/** Results of a run per band, every band named (0 where none), from the store's per-day sums. */
export async function bandCounts(store: Store, runId: string): Promise<Record<string, number>> {
  const counts = await store.resultBands(runId);
  return Object.fromEntries(SCORE_BAND_NAMES.map((band) => [band, counts[band] ?? 0]));
}

/**
 * A run's spend sums every result's usage (650 ms over 100,000 results): computed once for a finished run, whose
 * results no longer change, and once per data version while it runs.
 */
export function cachedRunSpend(deps: RouteDeps, run: Pick<RunHeader, 'id' | 'status'>): Promise<RunSpend> {
  const finished = run.status !== 'pending' && run.status !== 'running';
  return deps.cache(`run spend ${run.id}`, () => deps.store.runSpend(run.id), { immutable: finished });
}

/** `GET /api/runs`, `GET /api/runs/:id`, `POST /api/runs`. */
export function runsRoutes(deps: RouteDeps): Hono {
  const { store } = deps;
  const app = new Hono();

  app.get('/', async (c) => {
    const q = parseQuery(RunsQuerySchema, c.req.query());
    const page = await store.listRuns(toListRunsQuery(q));
    // A listed run says how many tasks, not which; a run's task ids (thousands for a backfill) are on its own route.
    return c.json({ items: page.items, count: page.count, limit: q.limit, offset: q.offset });
  });

  app.get('/:id', async (c) => {
    const runId = c.req.param('id');
    const run = await store.getRun(runId);
    const [events, bands, spend] = await Promise.all([
      store.listEvents(runId),
      bandCounts(store, runId),
      cachedRunSpend(deps, run),
    ]);
    return c.json({ run, bands, spend, events });
  });

  app.post('/', async (c) => {
    if (!deps.startRun) {
      throw new ApiError(
        'unavailable',
        'this server was started without a way to run evaluations; run `taskeval run` instead',
      );
    }
    const { runId } = await deps.startRun();
    return c.json({ runId, url: `/api/runs/${encodeURIComponent(runId)}` }, 202);
  });

  return app;
}
