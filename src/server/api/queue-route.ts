import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.js';
import { ApiError } from '../error-status.js';

/** `GET /api/queue`: jobs waiting, held, retrying and failed, and the workers seen in the last 30 seconds. */
export function queueRoute(deps: AppDeps): Hono {
  const app = new Hono();
  app.get('/queue', async (c) => {
    if (!deps.queueStats)
      throw new ApiError(
        'unavailable',
        'this store has no evaluation queue: queues and workers need a PostgreSQL store',
      );
    return c.json(await deps.queueStats());
  });
  return app;
}
