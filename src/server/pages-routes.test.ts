import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agreementReport, bundleEntries, validateScores } from '../core/index.js';
import { buildSampleError, buildSampleSkipped } from '../store/index.js';
import { evidenceAnchor } from '../web/index.js';
import { createServerFixture, seedRun, type ServerFixture } from './testing/server-fixture.js';
import { deterministicOnlyResult, divergentResult, hybridResult } from './testing/sample-results.js';
import { seedManyResults } from './testing/seed-many-results.js';

async function page(fx: ServerFixture, path: string, status = 200): Promise<string> {
  const res = await fx.get(path);
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/text\/html/);
  const html = await res.text();
  expect(html.startsWith('<!doctype html>')).toBe(true);
  return html;
}

const rows = (html: string) => html.match(/<tr data-result-id=/g)?.length ?? 0;

describe('pages on an empty store', () => {
  let fx: ServerFixture;
  beforeEach(async () => {
    fx = await createServerFixture();
  });
  afterEach(async () => {
    await fx.close();
  });

  it('says there are no runs yet and how to make one', async () => {
    for (const path of ['/', '/results', '/runs']) {
      const html = await page(fx, path);
      expect(html).toContain('No runs yet');
      expect(html).toContain('<code>taskeval run</code>');
    }
  });

  it('answers an unknown result or run with a 404 page', async () => {
    expect(await page(fx, '/results/res_nope', 404)).toContain('does not exist');
    expect(await page(fx, '/runs/run_nope', 404)).toContain('Not found');
    expect(await page(fx, '/nowhere', 404)).toContain('There is no page at /nowhere');
  });

  it('answers a bad filter with a 400 page naming the parameter', async () => {
    expect(await page(fx, '/results?band=great', 400)).toContain('band');
  });
});

describe('pages with results', () => {
  let fx: ServerFixture;
  beforeEach(async () => {
    fx = await createServerFixture();
  });
  afterEach(async () => {
    await fx.close();
  });

  it('shows latest runs, trend lines, band distribution and the weakest tasks on the overview', async () => {
    await seedRun(fx.store, [
      hybridResult({ taskId: 'FN-1', finals: [20, 30, 25] }),
      hybridResult({ taskId: 'FN-2', finals: [90, 95, 92] }),
    ]);
    const html = await page(fx, '/');
    expect(html).toContain('data-testid="runs-table"');
    expect(html).toContain('<svg class="chart"');
    expect(html).toContain('data-series="overall"');
    expect(html).toContain('data-testid="band-distribution"');
    const weakest = html.slice(html.indexOf('Weakest tasks'));
    expect(weakest.indexOf('FN-1')).toBeGreaterThan(-1);
    expect(weakest.indexOf('FN-1')).toBeLessThan(weakest.indexOf('FN-2'));
  });

  it('compares models side by side with interval whiskers and bands, and two runs task by task with links to both results', async () => {
    const { run } = await seedRun(fx.store, [], { status: 'running' });
    for (let i = 0; i < 24; i++) {
      const modelId = i < 12 ? 'gpt-5' : 'claude-sonnet-4-5';
      const overall = i < 12 ? 80 + (i % 5) : 55 + (i % 5);
      await fx.store.saveResult(run.id, {
        result: deterministicOnlyResult({ taskId: `FN-${i}`, finals: [overall, overall, overall] }),
        cohort: { agent: null, modelProvider: null, modelId, labels: {} },
        now: '2026-03-02T11:00:00.000Z',
      });
    }
    await fx.store.transitionRun(run.id, 'completed', { now: '2026-03-02T12:00:00.000Z' });
    const html = await page(fx, '/compare?by=model');
    expect(html).toContain('data-cohort="gpt-5"');
    expect(html).toContain('data-cohort="claude-sonnet-4-5"');
    expect(html).toMatch(/aria-label="gpt-5 Overall: mean \d+\.\d, 95% CI \d+\.\d to \d+\.\d"/);
    expect(html).toMatch(
      /class="clear" data-score="overall"><span class="muted small">Overall:<\/span> gpt-5 higher than claude-sonnet-4-5 by 24\.7 like for like \(95% CI/,
    );
    expect(html).toContain('Scores: deterministic only (no judge).');
    const api = (await (await fx.get('/api/compare?by=model')).json()) as { cohorts: { key: string; n: number }[] };
    expect(api.cohorts.map((c: { key: string; n: number }) => [c.key, c.n])).toEqual([
      ['claude-sonnet-4-5', 12],
      ['gpt-5', 12],
    ]);

    const later = await seedRun(
      fx.store,
      Array.from({ length: 24 }, (_, i) => deterministicOnlyResult({ taskId: `FN-${i}`, finals: [60, 60, 60] })),
      { at: 60 },
    );
    const paired = await page(fx, `/compare?a=${run.id}&b=${later.run.id}`);
    expect(paired).toContain('24 task(s) scored in both');
    expect(paired).toContain('data-testid="movers"');
    expect(paired).toContain(`href="/results/${later.results[0]!.id}"`);
    expect((await fx.get(`/api/compare?a=${run.id}`)).status).toBe(400);
  });

  it('opens on agents when results name two, and leads with what happened to their work before the scores', async () => {
    const { run } = await seedRun(fx.store, [], { status: 'running' });
    const fates = [];
    for (let i = 0; i < 24; i++) {
      const agent = i < 12 ? 'claude' : 'copilot';
      await fx.store.saveResult(run.id, {
        result: deterministicOnlyResult({ taskId: `PR-${i}`, finals: [70, 70, 70] }),
        cohort: { agent, modelProvider: null, modelId: null, labels: {} },
        now: '2026-03-02T11:00:00.000Z',
      });
      const merged = i < 12 ? i < 11 : i < 16;
      fates.push({
        projectId: run.projectId,
        taskId: `PR-${i}`,
        kind: 'pull' as const,
        pull: {
          state: merged ? ('merged' as const) : ('closed' as const),
          source: 'github' as const,
          hoursToMerge: merged ? 3 : null,
          reviewRounds: 1,
          iterations: 0,
        },
        deliveredAt: merged ? '2026-03-03T00:00:00.000Z' : null,
        reverted: merged ? false : null,
        fixed: merged ? false : null,
        fixWindowDays: 7,
        fixedLines: null,
        computedAt: '2026-04-01T00:00:00.000Z',
        historyUntil: '2026-04-01T00:00:00.000Z',
      });
    }
    await fx.store.transitionRun(run.id, 'completed', { now: '2026-03-02T12:00:00.000Z' });
    await fx.store.saveTaskFates(fates);
    const html = await page(fx, '/compare');
    expect(html).toContain('<option value="agent" selected');
    expect(html.indexOf('data-testid="outcomes"')).toBeGreaterThan(-1);
    expect(html.indexOf('data-testid="outcomes"')).toBeLessThan(html.indexOf('data-testid="cohorts"'));
    expect(html).toMatch(
      /claude&#39;s pull requests were merged 92% \(12\) vs copilot&#39;s 33% \(12\); like for like/,
    );
    const api = (await (await fx.get('/api/compare?by=agent')).json()) as { outcomes: { cohorts: { key: string }[] } };
    expect(api.outcomes.cohorts.map((c) => c.key)).toEqual(['claude', 'copilot']);
  });

  it('says "deterministic only" wherever such a result appears and shows its AI parts as —', async () => {
    const { run, results } = await seedRun(
      fx.store,
      [deterministicOnlyResult({ taskId: 'FN-9', finals: [70, 70, 70] })],
      { judge: false },
    );
    const badge = /class="badge mode-det"[^>]*>deterministic only</;
    expect(await page(fx, '/results')).toMatch(badge);
    expect(await page(fx, `/runs/${run.id}`)).toMatch(badge);
    const detail = await page(fx, `/results/${results[0]!.id}`);
    expect(detail).toMatch(badge);
    expect(detail).not.toMatch(/class="badge mode-hybrid"[^>]*>hybrid</);
    const aiParts = [...detail.matchAll(/data-part="ai">([^<]*)</g)].map((m) => m[1]);
    expect(aiParts).toEqual(['—', '—', '—']);
  });

  it('marks a category with no evidence and shows what happened after the task apart', async () => {
    const base = deterministicOnlyResult({ taskId: 'FN-7', finals: [70, 39, 60] });
    const result = {
      ...base,
      signals: {
        ...base.signals,
        hindsight: true,
        coverage: {
          agentPerformance: [],
          taskOutcomeQuality: ['commits' as const],
          processCompliance: ['commits' as const],
        },
        categories: {
          ...base.signals.categories,
          taskOutcomeQuality: {
            score: 39,
            contributions: [
              {
                category: 'taskOutcomeQuality' as const,
                rule: 'risk.size',
                label: '40 code lines added',
                points: -4,
                evidence: [],
              },
              {
                category: 'taskOutcomeQuality' as const,
                rule: 'history.reverted',
                label: 'The task was later reverted',
                points: -30,
                evidence: [],
                hindsight: true,
              },
            ],
          },
        },
      },
    };
    const { results } = await seedRun(fx.store, [result], { judge: false });
    const detail = await page(fx, `/results/${results[0]!.id}`);
    const ap = detail.slice(
      detail.indexOf('data-category="agentPerformance"'),
      detail.indexOf('data-category="taskOutcomeQuality"'),
    );
    expect(ap).toContain('data-coverage="none"');
    expect(ap).toContain('No evidence for this category');
    const toq = detail.slice(
      detail.indexOf('data-category="taskOutcomeQuality"'),
      detail.indexOf('data-category="processCompliance"'),
    );
    expect(toq).not.toContain('data-coverage="none"');
    expect(toq).toContain('Evidence groups: commits');
    expect(toq.indexOf('What happened after (hindsight)')).toBeGreaterThan(toq.indexOf('40 code lines added'));
    expect(toq.indexOf('The task was later reverted')).toBeGreaterThan(toq.indexOf('What happened after (hindsight)'));
  });

  it('shows the reason of an error or skipped result instead of scores', async () => {
    const { results } = await seedRun(fx.store, [buildSampleError('FN-4'), buildSampleSkipped('FN-5')]);
    const list = await page(fx, '/results');
    expect(list).toContain('judge timed out');
    expect(list).toContain('task not complete');
    const detail = await page(fx, `/results/${results[0]!.id}`);
    expect(detail).toContain('data-testid="result-reason"');
    expect(detail).toContain('judge timed out');
    expect(detail).toContain('a later batch will try this task again');
  });

  it('links every citation to an evidence item that exists in the rendered bundle', async () => {
    const { results } = await seedRun(fx.store, [hybridResult({ taskId: 'FN-1' })]);
    const stored = results[0]!;
    const html = await page(fx, `/results/${stored.id}`);
    const targets = [...html.matchAll(/class="citation" href="[^"]*" data-target="([^"]+)"/g)].map((m) => m[1]!);
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) expect(html).toContain(`id="${target}"`);
    if (stored.status !== 'scored') throw new Error('expected a scored sample');
    for (const entry of bundleEntries(stored.evidenceBundle))
      expect(html).toContain(`id="${evidenceAnchor(entry.id)}"`);
    // Groups in contract order.
    const groups = [...html.matchAll(/data-group="([a-zA-Z]+)"/g)].map((m) => m[1]);
    expect(groups).toEqual([
      'taskMetadata',
      'commits',
      'workflow',
      'reviews',
      'documents',
      'taskActivity',
      'agentLogs',
      'runAudit',
    ]);
    expect(html).toContain('data-testid="provenance"');
    expect(html).toContain('gpt-test');
  });

  it('flags divergent categories in the table and on the result', async () => {
    const { results } = await seedRun(fx.store, [divergentResult({ taskId: 'FN-6', finals: [50, 60, 70] })]);
    expect(await page(fx, '/results')).toContain('⚑');
    expect(await page(fx, `/results/${results[0]!.id}`)).toContain('diverged');
  });

  it("lists the task's history across runs on its result page", async () => {
    await seedRun(fx.store, [hybridResult({ taskId: 'FN-7', finals: [40, 40, 40] })], { at: 0 });
    const b = await seedRun(fx.store, [hybridResult({ taskId: 'FN-7', finals: [80, 80, 80] })], { at: 60 });
    const html = await page(fx, `/results/${b.results[0]!.id}`);
    const history = html.slice(html.indexOf('History of FN-7'));
    expect(rows(history)).toBe(2);
  });

  it('shows a run with its counts and event trail', async () => {
    const { run } = await seedRun(fx.store, [hybridResult({ taskId: 'FN-1' }), buildSampleError('FN-2')]);
    const html = await page(fx, `/runs/${run.id}`);
    expect(html).toContain('data-testid="run-events"');
    expect(html).toContain('status_changed');
    expect(html).toContain('task_evaluated');
    expect(rows(html)).toBe(2);
    expect(html).toMatch(/data-testid="run-labels">none</);
    const labelled = await seedRun(fx.store, [hybridResult({ taskId: 'FN-3' })], {
      labels: { prompt: 'v2', agent: 'codex' },
    });
    expect(await page(fx, `/runs/${labelled.run.id}`)).toMatch(/data-testid="run-labels">prompt=v2 · agent=codex</);
  });

  it("shows a run's judge and agent tokens and costs, and says deterministic only for a run without a judge", async () => {
    const { run } = await seedRun(fx.store, [
      hybridResult({ taskId: 'FN-1' }),
      hybridResult({ taskId: 'FN-2' }),
      buildSampleError('FN-3'),
    ]);
    const spend = (await page(fx, `/runs/${run.id}`))
      .match(/data-testid="run-spend">([\s\S]*?)<\/dl>/)![1]!
      .replace(/<[^>]+>/g, ' ');
    // Two scored results at 4,000 + 600 tokens and $0.01 each; the error has no usage and is not counted.
    expect(spend).toContain('8,000 input + 1,200 output (0 cached) over 2 results');
    expect(spend).toContain('$0.02 over 2 results');
    expect(spend).toContain('not recorded');
    expect(spend).toMatch(/Judge calls\s+counted when the run finishes/);
    // What the run's record keeps of the calls it made (executeRun appends it before the run ends).
    const live = await seedRun(fx.store, [hybridResult({ taskId: 'FN-5' })], { status: 'running', at: 10 });
    await fx.store.appendEvent(live.run.id, {
      type: 'info',
      message: 'judge: 2 calls, 1 cache hit, 8,000 input + 1,200 output tokens, $0.0200',
      data: {
        judgeSpend: {
          calls: 2,
          cacheHits: 1,
          usage: { inputTokens: 8000, outputTokens: 1200, cachedTokens: 0 },
          costUsd: 0.02,
        },
      },
      now: '2026-03-02T10:20:00.000Z',
    });
    await fx.store.transitionRun(live.run.id, 'completed', { now: '2026-03-02T10:21:00.000Z' });
    expect(await page(fx, `/runs/${live.run.id}`)).toMatch(/Judge calls<\/dt><dd>2 made, 1 answered from the cache</);
    const plain = await seedRun(fx.store, [deterministicOnlyResult({ taskId: 'FN-4' })], { judge: false, at: 30 });
    expect(await page(fx, `/runs/${plain.run.id}`)).toMatch(/Judge tokens<\/dt><dd>none — deterministic only</);
    expect(await (await fx.get(`/api/runs/${run.id}`)).json()).toMatchObject({
      spend: { judgedResults: 2, judgeInputTokens: 8000, judgeCostUsd: 0.02, agentTokens: null },
    });
  });

  it('shows what validate kept for a run on the Validity page, AUC with its interval and the bad rate per band', async () => {
    const { run } = await seedRun(fx.store, [hybridResult({ taskId: 'FN-1' })]);
    const empty = await page(fx, `/validity?run=${run.id}`);
    expect(empty).toContain('No validation is kept for this run');
    expect(empty).toContain(`taskeval validate --run ${run.id} --outcomes`);
    expect(await page(fx, `/runs/${run.id}`)).not.toContain('run-validity-link');
    const item = (taskId: string, score: number, label: boolean) => ({
      taskId,
      scores: { agentPerformance: score, taskOutcomeQuality: score, processCompliance: score, overall: score },
      rulePoints: {},
      label,
      size: 5,
    });
    const report = validateScores(
      [item('FN-1', 30, true), item('FN-2', 45, true), item('FN-3', 80, false), item('FN-4', 92, false)],
      { label: 'bugIntroducing', iterations: 50, seed: 1 },
    );
    await fx.store.saveValidation(run.id, {
      label: 'bugIntroducing (SZZ, 7d, ≥1 line)',
      report,
      notes: ['1 scored result(s) have no label and were left out'],
      now: '2026-03-03T10:00:00Z',
    });
    const html = await page(fx, `/validity?run=${run.id}`);
    expect(html).toContain('bugIntroducing (SZZ, 7d, ≥1 line)');
    expect(html).toContain('2 bad and 2 good tasks');
    const overall = html.match(
      /<tr data-score="overall"><td>Overall<\/td><td class="num">([^<]+)<\/td><td>([^<]+)<\/td>/,
    )!;
    expect(overall[1]).toBe('1.000');
    expect(overall[2]).toMatch(/^\d\.\d{3} – \d\.\d{3}$/);
    // Scores 30, 45, 80, 92: failing and weak hold one bad task each, acceptable none, strong and excellent one good each.
    const bands = html
      .match(/data-testid="validity-bands">[\s\S]*?<tr data-score="overall">([\s\S]*?)<\/tr>/)![1]!
      .match(/<td class="num"[^>]*>([^<]+)</g)!
      .map((c) => c.replace(/^.*>/, '').replace('<', ''));
    expect(bands).toEqual(['100% of 1', '100% of 1', '—', '0% of 1', '0% of 1']);
    expect(html).toContain('1 scored result(s) have no label and were left out');
    expect(await page(fx, '/validity')).toContain('bugIntroducing (SZZ, 7d, ≥1 line)');
    expect(await page(fx, `/runs/${run.id}`)).toContain('Validity: 1 report');
    await page(fx, '/validity?run=run_nope', 404);

    // A report made from people's ratings also shows how far they agree with the rubric, the judge and each other.
    const rated = (rater: string, taskKey: string, value: number, score: number) => ({
      taskKey,
      rater,
      aspect: 'overall' as const,
      value,
      deterministic: score,
      ai: 50,
      final: score,
      promptVersion: 'prompt-9',
      rubricVersion: 'rubric-6',
    });
    await fx.store.saveValidation(run.id, {
      label: "people's overall rating",
      report: {
        ...report,
        agreement: agreementReport(
          [rated('ana', 'A', 1, 20), rated('ana', 'B', 5, 95), rated('ben', 'A', 2, 20), rated('ben', 'B', 5, 95)],
          { scale: '1-5', iterations: 20 },
        ),
      },
      notes: [],
      now: '2026-03-04T10:00:00Z',
    });
    const withPeople = await page(fx, `/validity?run=${run.id}`);
    expect(withPeople).toContain('data-testid="agreement"');
    expect(withPeople).toContain('4 rating(s) of 2 task(s) by ana, ben; scale 1-5; weighted kappa (quadratic)');
    expect(withPeople).toMatch(/<tr data-aspect="overall"><td>Overall<\/td><td><span[^>]*>0\.9\d\d/);
  });

  it('exports every result the list filter matches, in its order, from the link the results page offers', async () => {
    const many = Array.from({ length: 230 }, (_, i) =>
      hybridResult({ taskId: `FN-${String(i).padStart(3, '0')}`, finals: i % 2 ? [80, 90, 70] : [30, 35, 40] }),
    );
    await seedRun(fx.store, many);
    const html = await page(fx, '/results?band=failing&sort=taskId&order=asc');
    const csvHref = html
      .match(/data-testid="results-export">[\s\S]*?href="([^"]+format=csv)"/)![1]!
      .replaceAll('&amp;', '&');
    expect(csvHref).toBe('/results/export?band=failing&sort=taskId&order=asc&format=csv');
    const res = await fx.get(csvHref);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="taskeval-results.csv"');
    const lines = (await res.text()).trimEnd().split('\n');
    expect(lines[0]!.startsWith('result_id,run_id,task_id,')).toBe(true);
    // 115 failing results over more than one store page, none dropped or repeated, ascending by task.
    const tasks = lines.slice(1).map((l) => l.split(',')[2]);
    expect(tasks).toHaveLength(115);
    expect(tasks).toEqual([...tasks].sort());
    expect(new Set(tasks).size).toBe(115);
    const json = (await (await fx.get('/results/export?band=strong&format=json')).json()) as unknown[];
    expect(json).toHaveLength(115);
    expect(json[0]).toHaveProperty('evidenceBundle');
    expect((await fx.get('/results/export?format=xml')).status).toBe(400);
    expect((await fx.get('/results/export?colour=red')).status).toBe(400);
  });

  it('turns on live updates only for an active run', async () => {
    const active = await seedRun(fx.store, [hybridResult({ taskId: 'FN-1' })], { status: 'running' });
    expect(await page(fx, `/runs/${active.run.id}`)).toContain('data-live="on"');
    const done = await seedRun(fx.store, [hybridResult({ taskId: 'FN-2' })], { at: 30 });
    expect(await page(fx, `/runs/${done.run.id}`)).toContain('data-live="off"');
  });

  it('escapes task text so stored evidence cannot inject markup', async () => {
    await seedRun(fx.store, [hybridResult({ taskId: 'FN-1', title: '<script>alert(1)</script>' })]);
    const html = await page(fx, '/results');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('paging over 10,000 stored results', () => {
  let fx: ServerFixture;
  let runId: string;
  beforeAll(async () => {
    fx = await createServerFixture();
    runId = (await seedManyResults(fx.store, 10_000)).id;
  }, 120_000);
  afterAll(async () => {
    await fx.close();
  });

  it('returns one page and the count of every match from the API', async () => {
    const first = (await (await fx.get('/api/results?limit=100')).json()) as any;
    expect(first.count).toBe(10_000);
    expect(first.items).toHaveLength(100);
    const last = (await (await fx.get('/api/results?limit=100&offset=9950')).json()) as any;
    expect(last.items).toHaveLength(50);
    const ids = new Set(first.items.map((r: { id: string }) => r.id));
    expect(last.items.some((r: { id: string }) => ids.has(r.id))).toBe(false);
  });

  it('walks a filtered, sorted listing page by page without repeats or gaps', async () => {
    const seen = new Set<string>();
    let count = 0;
    let previous = -1;
    for (let offset = 0; ; offset += 500) {
      const body = (await (
        await fx.get(`/api/results?band=weak&sort=overall&order=asc&limit=500&offset=${offset}`)
      ).json()) as any;
      count = body.count;
      for (const r of body.items as { id: string; overallScore: number; overallBand: string }[]) {
        expect(r.overallBand).toBe('weak');
        expect(r.overallScore).toBeGreaterThanOrEqual(previous);
        previous = r.overallScore;
        seen.add(r.id);
      }
      if (body.items.length < 500) break;
    }
    expect(count).toBeGreaterThan(500);
    expect(seen.size).toBe(count);
  });

  it('renders a results page of 50 rows with the total, not all 10,000', async () => {
    const html = await page(fx, '/results');
    expect(rows(html)).toBe(50);
    expect(html).toContain('1–50 of 10,000 results');
    const last = await page(fx, '/results?offset=9990');
    expect(rows(last)).toBe(10);
    expect(last).toContain('9,991–10,000 of 10,000 results');
  });

  it('renders the run page one page at a time', async () => {
    const html = await page(fx, `/runs/${runId}`);
    expect(rows(html)).toBe(50);
    expect(html).toContain('of 10,000 results');
  });
});
