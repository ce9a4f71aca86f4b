import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServerFixture, seedRun, type ServerFixture } from './testing/server-fixture.js';
import { hybridResult } from './testing/sample-results.js';

let fx: ServerFixture;
beforeEach(async () => {
  fx = await createServerFixture();
});
afterEach(async () => {
  await fx.close();
});

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('the Rate page', () => {
  it('asks who is rating, then shows a task blind and keeps its ratings, moving on to the next', async () => {
    const { run, results } = await seedRun(fx.store, [
      hybridResult({ taskId: 'FN-1', title: 'Improve login', finals: [82, 88, 79] }),
      hybridResult({ taskId: 'FN-2', title: 'Flaky upload', finals: [30, 25, 35] }),
    ]);
    const start = await (await fx.get('/rate')).text();
    expect(start).toContain('data-testid="rater-form"');

    const first = await fx.get('/rate?rater=ana&scale=1-5');
    const html = await first.text();
    const taskId = /data-task-id="([^"]+)"/.exec(html)![1]!;
    const shown = results.find((r) => r.taskId === taskId)!;
    expect(html).toContain('0 of 2 scored tasks rated by <strong>ana</strong>');
    // Blind: the evidence, none of the scores, bands or rationales.
    expect(html).toContain('data-testid="evidence-bundle"');
    if (shown.status !== 'scored') throw new Error('seeded a scored result');
    for (const c of shown.categoryScores) expect(html).not.toContain(c.rationale);
    expect(html).not.toContain(`>${shown.overallScore}<`);

    const kept = await fx.get(
      '/rate',
      form({
        run: run.id,
        result: shown.id,
        rater: 'ana',
        scale: '1-5',
        seed: '1',
        overall: '4',
        agentPerformance: '5',
      }),
    );
    expect(kept.status).toBe(303);
    const next = await (await fx.get(kept.headers.get('location')!)).text();
    expect(next).toContain('1 of 2 scored tasks rated by <strong>ana</strong> · kept 2 rating(s)');
    expect(next).not.toContain(`data-task-id="${taskId}"`);
    expect((await fx.store.listRatings()).map((r) => [r.taskId, r.rater, r.aspect, r.value, r.resultId])).toEqual([
      [taskId, 'ana', 'agentPerformance', 5, shown.id],
      [taskId, 'ana', 'overall', 4, shown.id],
    ]);
  });

  it('refuses a value off the scale or an empty form naming the field, keeping nothing', async () => {
    const { run, results } = await seedRun(fx.store, [hybridResult({ taskId: 'FN-1', finals: [82, 88, 79] })]);
    const base = { run: run.id, result: results[0]!.id, rater: 'ana', scale: 'good-bad', seed: '1' };
    const offScale = await fx.get('/rate', form({ ...base, overall: '4' }));
    expect(offScale.status).toBe(400);
    expect(await offScale.text()).toContain('value');
    const empty = await fx.get('/rate', form(base));
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('rate at least one aspect');
    expect(await fx.store.listRatings()).toEqual([]);
  });

  it('refuses a rating posted from another site', async () => {
    const { run, results } = await seedRun(fx.store, [hybridResult({ taskId: 'FN-1', finals: [82, 88, 79] })]);
    const init = form({ run: run.id, result: results[0]!.id, rater: 'x', scale: '1-5', overall: '3' });
    const res = await fx.get('/rate', { ...init, headers: { ...init.headers, origin: 'http://evil.example' } });
    expect(res.status).toBe(403);
    expect(await fx.store.listRatings()).toEqual([]);
  });

  it('takes and lists ratings over the API, all or none', async () => {
    const body = [
      { projectId: 'p', taskId: 'FN-1', rater: 'ci', aspect: 'overall', scale: 'good-bad', value: 1 },
      { projectId: 'p', taskId: 'FN-2', rater: 'ci', aspect: 'overall', scale: 'good-bad', value: 7 },
    ];
    const json = { method: 'POST', headers: { 'content-type': 'application/json' } };
    const bad = await fx.get('/api/ratings', { ...json, body: JSON.stringify(body) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'invalid_input', field: 'value' });
    const ok = await fx.get('/api/ratings', { ...json, body: JSON.stringify(body.slice(0, 1)) });
    expect(ok.status).toBe(201);
    const listed = (await (await fx.get('/api/ratings?rater=ci')).json()) as { count: number };
    expect(listed.count).toBe(1);
  });
});
