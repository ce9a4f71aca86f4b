import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LifecycleError } from '../core/index.js';
import { buildSampleError, buildSampleSkipped } from '../store/index.js';
import { createApp } from './create-app.js';
import { createServerFixture, seedRun, TEST_TOKEN, type ServerFixture } from './testing/server-fixture.js';
import { deterministicOnlyResult, hybridResult } from './testing/sample-results.js';

let fx: ServerFixture;

beforeEach(async () => {
  fx = await createServerFixture();
});
afterEach(async () => {
  await fx.close();
});

async function json(res: Response): Promise<any> {
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  return res.json();
}

describe('auth', () => {
  it('refuses an API request without a token with 401 JSON', async () => {
    const res = await fx.app.request('/api/runs');
    expect(res.status).toBe(401);
    expect(await json(res)).toEqual({ code: 'unauthorized', message: expect.any(String) });
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('refuses a wrong bearer token even when a valid cookie is also sent', async () => {
    const res = await fx.app.request('/api/runs', {
      headers: { authorization: `Bearer ${'b'.repeat(64)}`, cookie: `taskeval_token=${TEST_TOKEN}` },
    });
    expect(res.status).toBe(401);
  });

  it('refuses a page without a token with a small HTML page', async () => {
    const res = await fx.app.request('/results');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('Token required');
    expect(html).not.toContain(TEST_TOKEN);
  });

  it('accepts the bearer token', async () => {
    expect((await fx.get('/api/runs')).status).toBe(200);
  });

  it('trades ?token= for an HttpOnly SameSite=Strict cookie and redirects to the URL without it', async () => {
    const res = await fx.app.request(`/results?band=weak&token=${TEST_TOKEN}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/results?band=weak');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`taskeval_token=${TEST_TOKEN}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    const followed = await fx.app.request('/results?band=weak', {
      headers: { cookie: `taskeval_token=${TEST_TOKEN}` },
    });
    expect(followed.status).toBe(200);
  });

  it('refuses a wrong ?token= without setting a cookie', async () => {
    const res = await fx.app.request(`/?token=${'0'.repeat(64)}`);
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('serves the stylesheet and script without a token, since they hold no data', async () => {
    expect((await fx.app.request('/assets/app.css')).status).toBe(200);
    expect((await fx.app.request('/assets/app.js')).headers.get('content-type')).toMatch(/javascript/);
  });

  it('needs no token when auth is off', async () => {
    const open = createApp({ store: fx.store, token: null });
    expect((await open.request('/api/runs')).status).toBe(200);
  });

  it('sends a strict content security policy and no-store on every answer', async () => {
    const res = await fx.get('/');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

describe('other origins and host names', () => {
  const post = (headers: Record<string, string>) => fx.get('/api/runs', { method: 'POST', headers });

  it("refuses a request under a host name that is not the server's own (DNS rebinding) with 421", async () => {
    const res = await fx.get('/api/runs', { headers: { host: 'attacker.example:4100' } });
    expect(res.status).toBe(421);
    expect(await res.json()).toMatchObject({ code: 'misdirected' });
    expect((await fx.get('/', { headers: { host: 'attacker.example' } })).status).toBe(421);
    for (const host of ['127.0.0.1:4100', 'localhost:4100', '[::1]:4100', 'LOCALHOST'])
      expect((await fx.get('/api/runs', { headers: { host } })).status).toBe(200);
  });

  it('refuses a state-changing request from another origin, another localhost port included, with 403', async () => {
    const other = await post({ host: 'localhost:4100', origin: 'http://localhost:3000' });
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({ code: 'forbidden' });
    expect((await post({ host: '127.0.0.1:4100', referer: 'http://evil.example/page' })).status).toBe(403);
    expect((await post({ host: '127.0.0.1:4100', origin: 'null' })).status).toBe(403);
    expect((await post({ host: '127.0.0.1:4100', origin: 'null', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    // Our own form, posted under the pages' no-referrer policy: Origin null, and the browser's word that it is ours.
    expect((await post({ host: '127.0.0.1:4100', origin: 'null', 'sec-fetch-site': 'same-origin' })).status).toBe(503);
    // Same origin, or no browser headers at all (curl): through to the route, which has no runner here.
    expect((await post({ host: '127.0.0.1:4100', origin: 'http://127.0.0.1:4100' })).status).toBe(503);
    expect((await post({ host: '127.0.0.1:4100' })).status).toBe(503);
    // Reading is not refused for its Origin; CORS keeps other pages from reading the answer.
    expect(
      (await fx.get('/api/runs', { headers: { host: 'localhost:4100', origin: 'http://localhost:3000' } })).status,
    ).toBe(200);
  });

  it('answers any host name when told to (a wildcard bind with --allow-remote) and the bound name when given', async () => {
    const open = createApp({ store: fx.store, token: null, allowedHosts: null });
    expect((await open.request('/api/runs', { headers: { host: 'box.lan:4100' } })).status).toBe(200);
    const named = createApp({ store: fx.store, token: null, allowedHosts: ['127.0.0.1', 'dash.internal'] });
    expect((await named.request('/api/runs', { headers: { host: 'dash.internal:4100' } })).status).toBe(200);
    expect((await named.request('/api/runs', { headers: { host: 'localhost:4100' } })).status).toBe(421);
  });
});

describe('GET /api/runs', () => {
  it('lists runs newest first with the total count and pages them', async () => {
    for (let i = 0; i < 3; i++) await seedRun(fx.store, [hybridResult({ taskId: `FN-${i}` })], { at: i * 10 });
    const all = await json(await fx.get('/api/runs'));
    expect(all.count).toBe(3);
    const page = await json(await fx.get('/api/runs?limit=2&offset=2'));
    expect(page).toMatchObject({ count: 3, limit: 2, offset: 2 });
    expect(page.items).toHaveLength(1);
    expect(page.items[0].id).toBe(all.items[2].id);
    // A listing says how many tasks a run had, not which: those are on the run's own route.
    expect(page.items[0]).not.toHaveProperty('requestedTaskIds');
    expect(page.items[0]).not.toHaveProperty('evaluatedTaskIds');
    const one = await json(await fx.get(`/api/runs/${page.items[0].id}`));
    expect(one.run.evaluatedTaskIds).toEqual(['FN-0']);
    expect(page.items[0]).toMatchObject({ requestedTasks: one.run.requestedTaskIds.length, evaluatedTasks: 1 });
  });

  it('filters by status', async () => {
    await seedRun(fx.store, [], { status: 'failed' });
    await seedRun(fx.store, [hybridResult({ taskId: 'FN-1' })], { at: 5 });
    const body = await json(await fx.get('/api/runs?status=failed'));
    expect(body.count).toBe(1);
    expect(body.items[0].status).toBe('failed');
  });

  it.each([
    ['status=done', 'status'],
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['offset=-1', 'offset'],
    ['limit=ten', 'limit'],
    ['colour=red', 'colour'],
  ])('answers 400 naming the field for %s', async (qs, field) => {
    const res = await fx.get(`/api/runs?${qs}`);
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ code: 'invalid_input', field });
  });
});

describe('GET /api/runs/:id', () => {
  it('returns the run with counts, aggregates, bands and its event trail', async () => {
    const { run } = await seedRun(fx.store, [
      hybridResult({ taskId: 'FN-1', finals: [80, 90, 70] }),
      buildSampleError('FN-2'),
      buildSampleSkipped('FN-3'),
    ]);
    const body = await json(await fx.get(`/api/runs/${run.id}`));
    expect(body.run).toMatchObject({
      id: run.id,
      status: 'completed',
      counts: { total: 3, scored: 1, errored: 1, skipped: 1 },
    });
    expect(body.run.aggregates.overall).toBe(82);
    expect(body.bands).toEqual({ failing: 0, weak: 0, acceptable: 0, strong: 1, excellent: 0 });
    expect(body.events.map((e: { seq: number }) => e.seq)).toEqual(body.events.map((_: unknown, i: number) => i + 1));
    expect(body.events.map((e: { type: string }) => e.type)).toContain('task_evaluated');
  });

  it('answers 404 with not_found for an unknown run', async () => {
    const res = await fx.get('/api/runs/run_nope');
    expect(res.status).toBe(404);
    expect(await json(res)).toMatchObject({ code: 'not_found' });
  });
});

describe('GET /api/results', () => {
  beforeEach(async () => {
    await seedRun(fx.store, [
      hybridResult({ taskId: 'FN-1', title: 'Add login form', finals: [30, 20, 35] }),
      hybridResult({ taskId: 'FN-2', title: 'Fix flaky test', finals: [50, 50, 50] }),
      deterministicOnlyResult({ taskId: 'FN-3', title: 'Write docs', finals: [95, 95, 95] }),
      buildSampleError('FN-4'),
    ]);
  });

  it('filters by band, score range, mode, status and text, and counts every match', async () => {
    expect(
      (await json(await fx.get('/api/results?band=failing'))).items.map((r: { taskId: string }) => r.taskId),
    ).toEqual(['FN-1']);
    expect((await json(await fx.get('/api/results?band=failing,weak'))).count).toBe(2);
    expect(
      (await json(await fx.get('/api/results?min=40&max=60'))).items.map((r: { taskId: string }) => r.taskId),
    ).toEqual(['FN-2']);
    expect(
      (await json(await fx.get('/api/results?mode=deterministic-only'))).items.map((r: { taskId: string }) => r.taskId),
    ).toEqual(['FN-3']);
    expect((await json(await fx.get('/api/results?status=error'))).items[0]).toMatchObject({
      taskId: 'FN-4',
      status: 'error',
      reason: 'judge timed out',
    });
    expect((await json(await fx.get('/api/results?q=flaky'))).items.map((r: { taskId: string }) => r.taskId)).toEqual([
      'FN-2',
    ]);
    expect((await json(await fx.get('/api/results?task=FN-3'))).count).toBe(1);
  });

  it('sorts by a whitelisted key in either order', async () => {
    const asc = await json(await fx.get('/api/results?status=scored&sort=overall&order=asc'));
    expect(asc.items.map((r: { taskId: string }) => r.taskId)).toEqual(['FN-1', 'FN-2', 'FN-3']);
    const desc = await json(await fx.get('/api/results?status=scored&sort=taskId&order=desc&limit=1'));
    expect(desc).toMatchObject({ count: 3, limit: 1 });
    expect(desc.items[0].taskId).toBe('FN-3');
  });

  it('keeps a deterministic-only AI part null, never 0', async () => {
    const body = await json(await fx.get('/api/results?task=FN-3'));
    expect(body.items[0].mode).toBe('deterministic-only');
    expect(body.items[0].categoryScores.map((c: { aiScore: unknown }) => c.aiScore)).toEqual([null, null, null]);
  });

  it.each([
    ['band=great', 'band'],
    ['min=101', 'min'],
    ['min=70&max=20', 'min'],
    ['sort=title;drop table', 'sort'],
    ['order=sideways', 'order'],
    ['limit=100000', 'limit'],
    ['mode=ai', 'mode'],
    ['runId=x', 'runId'],
  ])('answers 400 naming the field for %s', async (qs, field) => {
    const res = await fx.get(`/api/results?${qs}`);
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body).toMatchObject({ code: 'invalid_input', field });
    expect(body.message).toContain(field);
  });
});

describe('GET /api/results/:id and history', () => {
  it('returns the full record with the bundle', async () => {
    const { results } = await seedRun(fx.store, [hybridResult({ taskId: 'FN-1' })]);
    const body = await json(await fx.get(`/api/results/${results[0]!.id}`));
    expect(body.result).toMatchObject({ id: results[0]!.id, taskId: 'FN-1', status: 'scored' });
    expect(body.result.evidenceBundle.groups).toHaveLength(8);
    expect(body.result.signals.rubricVersion).toBe('rubric-1');
  });

  it('answers 404 for an unknown result', async () => {
    const res = await fx.get('/api/results/res_missing');
    expect(res.status).toBe(404);
    expect(await json(res)).toMatchObject({ code: 'not_found' });
  });

  it('lists every result of a task across runs, oldest first', async () => {
    const a = await seedRun(fx.store, [hybridResult({ taskId: 'FN-7', finals: [40, 40, 40] })], { at: 0 });
    const b = await seedRun(
      fx.store,
      [hybridResult({ taskId: 'FN-7', finals: [80, 80, 80] }), hybridResult({ taskId: 'FN-8' })],
      { at: 60 },
    );
    const body = await json(await fx.get('/api/tasks/FN-7/history'));
    expect(body).toMatchObject({ taskId: 'FN-7', count: 2 });
    expect(body.items.map((r: { runId: string }) => r.runId)).toEqual([a.run.id, b.run.id]);
  });

  it('answers 404 for a task with no results', async () => {
    const res = await fx.get('/api/tasks/FN-404/history');
    expect(res.status).toBe(404);
    expect(await json(res)).toMatchObject({ code: 'not_found' });
  });
});

describe('GET /api/trends', () => {
  it('returns the mean and count per category and overall per bucket', async () => {
    await seedRun(fx.store, [
      hybridResult({ taskId: 'FN-1', finals: [80, 90, 70] }),
      hybridResult({ taskId: 'FN-2', finals: [60, 70, 50] }),
    ]);
    const body = await json(await fx.get('/api/trends?bucket=week'));
    expect(body.bucket).toBe('week');
    expect(body.points).toEqual([
      {
        bucket: '2026-03-02',
        count: 2,
        mean: { agentPerformance: 70, taskOutcomeQuality: 80, processCompliance: 60, overall: expect.any(Number) },
      },
    ]);
  });

  it('buckets by completion day with ?run=, gives one series per model with &by=model, and results filter by model and label', async () => {
    const { run } = await seedRun(fx.store, [], { status: 'running' });
    for (let i = 0; i < 8; i++) {
      const cohort = {
        agent: 'codex',
        modelProvider: 'openai',
        modelId: i < 5 ? 'gpt-5' : 'gpt-5-mini',
        labels: { prompt: i % 2 ? 'v2' : 'v1' },
      };
      await fx.store.saveResult(run.id, {
        result: hybridResult({ taskId: `FN-${i}`, finals: [60, 70, 80] }),
        completedAt: `2026-02-${10 + i}T10:00:00.000Z`,
        cohort,
        now: '2026-03-02T11:00:00.000Z',
      });
    }
    const daily = await json(await fx.get(`/api/trends?bucket=day&run=${run.id}`));
    expect(daily.points.map((p: { bucket: string; count: number }) => [p.bucket, p.count])).toEqual(
      Array.from({ length: 8 }, (_, i) => [`2026-02-${10 + i}`, 1]),
    );
    const byModel = await json(await fx.get(`/api/trends?bucket=week&run=${run.id}&by=model`));
    expect(byModel.by).toBe('model');
    expect(
      byModel.series.map((s: { cohort: string; points: { count: number }[] }) => [
        s.cohort,
        s.points.map((p) => p.count),
      ]),
    ).toEqual([
      ['gpt-5', [5]],
      ['gpt-5-mini', [1, 2]],
    ]);
    const filtered = await json(await fx.get('/api/results?model=gpt-5&label=prompt:v2'));
    expect(filtered.items.map((r: { taskId: string }) => r.taskId).sort()).toEqual(['FN-1', 'FN-3']);
    expect(filtered.items[0].cohort).toMatchObject({ agent: 'codex', modelId: 'gpt-5' });
    expect((await fx.get('/api/results?label=prompt')).status).toBe(400);
  });

  it('answers 400 for an unknown bucket', async () => {
    const res = await fx.get('/api/trends?bucket=month');
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ field: 'bucket' });
  });
});

describe('POST /api/runs', () => {
  it('starts a run through the injected dependency and answers 202 with its id', async () => {
    let calls = 0;
    const app = createApp({ store: fx.store, token: TEST_TOKEN, startRun: async () => ({ runId: `run_${++calls}` }) });
    const res = await app.request('/api/runs', { method: 'POST', headers: { authorization: `Bearer ${TEST_TOKEN}` } });
    expect(res.status).toBe(202);
    expect(await json(res)).toMatchObject({ runId: 'run_1' });
    expect(calls).toBe(1);
  });

  it('answers 409 when another run is active', async () => {
    const app = createApp({
      store: fx.store,
      token: TEST_TOKEN,
      startRun: async () => {
        throw new LifecycleError('active_run_conflict', 'run run_x is already running');
      },
    });
    const res = await app.request('/api/runs', { method: 'POST', headers: { authorization: `Bearer ${TEST_TOKEN}` } });
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({ code: 'active_run_conflict', message: 'run run_x is already running' });
  });

  it('answers 503 when the server cannot start runs', async () => {
    const res = await fx.get('/api/runs', { method: 'POST' });
    expect(res.status).toBe(503);
    expect(await json(res)).toMatchObject({ code: 'unavailable' });
  });

  it('answers 500 for an unexpected failure without leaking its stack, and logs it', async () => {
    const logged: string[] = [];
    const app = createApp({
      store: fx.store,
      token: TEST_TOKEN,
      log: (line) => logged.push(line),
      startRun: async () => {
        throw new Error('secret internals at /home/x/file.ts:12');
      },
    });
    const res = await app.request('/api/runs', { method: 'POST', headers: { authorization: `Bearer ${TEST_TOKEN}` } });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ code: 'internal', message: expect.any(String) });
    expect(text).not.toContain('secret internals');
    expect(logged.join('\n')).toContain('secret internals');
  });

  it('refuses to start a run without a token', async () => {
    let calls = 0;
    const app = createApp({ store: fx.store, token: TEST_TOKEN, startRun: async () => ({ runId: `run_${++calls}` }) });
    expect((await app.request('/api/runs', { method: 'POST' })).status).toBe(401);
    expect(calls).toBe(0);
  });
});

describe('unknown API routes', () => {
  it('answers 404 JSON', async () => {
    const res = await fx.get('/api/nothing');
    expect(res.status).toBe(404);
    expect(await json(res)).toMatchObject({ code: 'not_found' });
  });
});
