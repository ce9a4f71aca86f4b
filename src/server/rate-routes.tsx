/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import { z } from 'zod';
import { RATED_ASPECTS, RatingScaleSchema, StoreError, type RatedAspect } from '../core/index.js';
import { sampleForRating } from '../runs/index.js';
import type { RunHeader, SaveRatingInput, Store } from '../store/index.js';
import { RatePage } from '../web/index.js';
import { parseQuery } from './api/api-queries.js';
import type { AppDeps } from './app-deps.js';
import { renderPage } from './render-page.js';

const Seed = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number)
  .default(1);

const RateQuery = z.strictObject({
  run: z.string().min(1).max(200).optional(),
  rater: z.string().trim().min(1).max(100).optional(),
  scale: RatingScaleSchema.default('1-5'),
  seed: Seed,
  skip: z
    .string()
    .regex(/^\d{1,4}$/)
    .transform(Number)
    .default(0),
  saved: z
    .string()
    .regex(/^\d{1,2}$/)
    .transform(Number)
    .optional(),
});

const Value = z
  .string()
  .regex(/^[0-5]$/, { message: 'pick one of the values shown' })
  .transform(Number)
  .optional();

const RateForm = z.strictObject({
  run: z.string().min(1).max(200),
  result: z.string().min(1).max(200),
  rater: z.string().min(1).max(100),
  scale: RatingScaleSchema,
  seed: Seed,
  note: z.string().max(2_000).optional(),
  ...(Object.fromEntries(RATED_ASPECTS.map((a) => [a, Value])) as Record<RatedAspect, typeof Value>),
});

/** The run people rate: the one asked for, else the newest with scored results. */
async function ratedRun(store: Store, runId: string | undefined): Promise<RunHeader | null> {
  if (runId !== undefined) return store.getRun(runId);
  return (await store.listRuns({ limit: 20 })).items.find((r) => r.counts.scored > 0) ?? null;
}

/** `GET /rate` shows the next unrated task of a seeded sample blind; `POST /rate` keeps its ratings and moves on. */
export function rateRoutes(deps: AppDeps): Hono {
  const { store } = deps;
  const app = new Hono();

  app.get('/rate', async (c) => {
    const q = parseQuery(RateQuery, c.req.query());
    const run = await ratedRun(store, q.run);
    const base = { run, rater: q.rater ?? null, scale: q.scale, seed: q.seed, skip: q.skip, saved: q.saved ?? null };
    if (!run || q.rater === undefined)
      return renderPage(c, <RatePage {...base} task={null} scored={run?.counts.scored ?? 0} rated={0} />);
    const sample = await sampleForRating(store, { runId: run.id, rater: q.rater, size: q.skip + 1, seed: q.seed });
    return renderPage(
      c,
      <RatePage {...base} task={sample.results[q.skip] ?? null} scored={sample.scored} rated={sample.alreadyRated} />,
    );
  });

  app.post('/rate', async (c) => {
    const body = await c.req.parseBody();
    const form = RateForm.parse(Object.fromEntries(Object.entries(body).filter(([, v]) => v !== '')));
    const [run, result] = await Promise.all([store.getRun(form.run), store.getResult(form.result)]);
    if (result.runId !== run.id)
      throw new StoreError('invalid_input', `result ${result.id} is not of run ${run.id}`, { field: 'result' });
    const now = new Date().toISOString();
    const ratings: SaveRatingInput[] = RATED_ASPECTS.flatMap((aspect) =>
      form[aspect] === undefined
        ? []
        : [
            {
              projectId: run.projectId,
              taskId: result.taskId,
              resultId: result.id,
              rater: form.rater,
              aspect,
              scale: form.scale,
              value: form[aspect],
              note: form.note ?? null,
              now,
            },
          ],
    );
    if (ratings.length === 0)
      throw new StoreError('invalid_input', 'rate at least one aspect, or skip the task', { field: 'overall' });
    await store.saveRatings(ratings);
    const next = new URLSearchParams({
      run: run.id,
      rater: form.rater,
      scale: form.scale,
      seed: String(form.seed),
      saved: String(ratings.length),
    });
    return c.redirect(`/rate?${next.toString()}`, 303);
  });

  return app;
}
