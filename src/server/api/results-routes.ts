import { Hono } from 'hono';
import type { RouteDeps } from '../app-deps.js';
import { ApiError } from '../error-status.js';
import { compareStoredCohorts, compareStoredJudges, compareStoredRuns, trendMode } from '../../runs/index.js';
import {
  CompareQuerySchema,
  HistoryQuerySchema,
  parseQuery,
  ResultsQuerySchema,
  toListResultsQuery,
  TrendsQuerySchema,
} from './api-queries.js';

/** `GET /api/results`, `/api/results/:id`, `/api/tasks/:id/history`, `/api/trends`, `/api/compare`. */
export function resultsRoutes({ store, cache }: RouteDeps): Hono {
  const app = new Hono();

  app.get('/results', async (c) => {
    const q = parseQuery(ResultsQuerySchema, c.req.query());
    const page = await store.listResults(toListResultsQuery(q));
    return c.json({ items: page.items, count: page.count, limit: q.limit, offset: q.offset });
  });

  app.get('/results/:id', async (c) => {
    const result = await store.getResult(c.req.param('id'));
    return c.json({ result });
  });

  app.get('/tasks/:id/history', async (c) => {
    const taskId = c.req.param('id');
    const q = parseQuery(HistoryQuerySchema, c.req.query());
    const page = await store.taskHistory(taskId, q);
    if (page.count === 0) throw new ApiError('not_found', `no results for task ${taskId}`, 'id');
    return c.json({ taskId, items: page.items, count: page.count, limit: q.limit, offset: q.offset });
  });

  app.get('/trends', async (c) => {
    const { bucket, run, by, mixModes } = parseQuery(TrendsQuerySchema, c.req.query());
    return c.json(await cache(`trends ${JSON.stringify([bucket, run, by, mixModes])}`, () => trends()));
    async function trends() {
      // One trend is one way of scoring: the most common, unless mixed on purpose; what it left out is said.
      const mode = await trendMode(store, { ...(run ? { runId: run } : {}), ...(mixModes ? { mix: true } : {}) });
      const points = await store.trends({
        bucket,
        ...(run ? { runId: run } : {}),
        ...(by ? { by } : {}),
        ...mode.filter,
      });
      const modes = { used: mode.used, leftOut: mode.leftOut };
      if (!by) return { bucket, points, modes };
      // One series per cohort value, in the store's order (results without the key last, as null).
      const series = new Map<string | null, typeof points>();
      for (const { cohort, ...point } of points)
        series.set(cohort ?? null, [...(series.get(cohort ?? null) ?? []), point]);
      return { bucket, by, series: [...series].map(([cohort, list]) => ({ cohort, points: list })), modes };
    }
  });

  app.get('/compare', async (c) => {
    const q = parseQuery(CompareQuerySchema, c.req.query());
    const mix = q.mixModes ? { mixModes: true } : {};
    const answer = await cache(`compare ${JSON.stringify(q)}`, async () => {
      if (q.a && q.b) {
        const [{ report, modes }, judges] = await Promise.all([
          compareStoredRuns(store, q.a, q.b, mix),
          compareStoredJudges(store, q.a, q.b),
        ]);
        return { ...report, modes, judges };
      }
      const { report, modes, outcomes } = await compareStoredCohorts(store, {
        by: q.by ?? 'model',
        minN: q.minN,
        ...mix,
      });
      return { ...report, modes, outcomes };
    });
    return c.json(answer);
  });

  return app;
}
