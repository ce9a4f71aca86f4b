import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.js';
import { ApiError } from '../error-status.js';
import { HistoryQuerySchema, parseQuery, ResultsQuerySchema, toListResultsQuery, TrendsQuerySchema } from './api-queries.js';

/** `GET /api/results`, `/api/results/:id`, `/api/tasks/:id/history`, `/api/trends`. */
export function resultsRoutes({ store }: AppDeps): Hono {
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
    const { bucket } = parseQuery(TrendsQuerySchema, c.req.query());
    return c.json({ bucket, points: await store.trends({ bucket }) });
  });

  return app;
}
