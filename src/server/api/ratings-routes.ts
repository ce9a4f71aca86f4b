import { Hono } from 'hono';
import { z } from 'zod';
import type { SaveRatingInput } from '../../store/index.js';
import type { AppDeps } from '../app-deps.js';
import { parseQuery } from './api-queries.js';

const RatingsQuery = z.strictObject({
  projectId: z.string().min(1).max(4_096).optional(),
  rater: z.string().min(1).max(100).optional(),
});

// Each item is checked by the store (the error names its index and field); the time is the server's.
const RatingsBody = z.array(z.record(z.string(), z.unknown())).min(1).max(1_000);

/** `GET /api/ratings` lists people's ratings; `POST /api/ratings` keeps a batch of them, all or none. */
export function ratingsRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.get('/ratings', async (c) => {
    const q = parseQuery(RatingsQuery, c.req.query());
    const items = await deps.store.listRatings(q);
    return c.json({ items, count: items.length });
  });
  app.post('/ratings', async (c) => {
    const body = RatingsBody.parse(await c.req.json());
    const now = new Date().toISOString();
    const items = await deps.store.saveRatings(body.map((r) => ({ ...r, now }) as SaveRatingInput));
    return c.json({ items, count: items.length }, 201);
  });
  return app;
}
