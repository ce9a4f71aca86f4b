import { describe, expect, it } from 'vitest';
import { buildSampleError, buildSampleResult, buildSampleSkipped } from '../build-sample-result.js';
import type { RunStatus } from '../run-lifecycle.js';
import type { CreateRunInput } from '../store-inputs.js';
import type { EvalRun } from '../store-types.js';
import type { Store } from '../store.js';
import { at, codeOf, fieldOf, runInput } from './store-contract-support.js';

/** What the listing contract needs from the suite: the store under test and a run in a given status. */
export interface ListingContractContext {
  readonly store: Store;
  runIn(status: RunStatus, overrides?: Partial<CreateRunInput>): Promise<EvalRun>;
}

/** Listings, paging, validation and trends: part of the Store contract, run inside describeStoreContract. */
export function describeListingContract(ctx: ListingContractContext): void {
  describe('result listings', () => {
    /** 12 results over two runs: scores 40..95 step 5 (FN-1..FN-12), plus an error and a skip. */
    async function seed() {
      const a = await ctx.runIn('running', { projectId: 'alpha' });
      const b = await ctx.runIn('running', { projectId: 'beta' });
      for (let i = 1; i <= 12; i++) {
        const s = 35 + 5 * i;
        await ctx.store.saveResult(i <= 6 ? a.id : b.id, {
          result: buildSampleResult({
            taskId: `FN-${i}`,
            title: i === 3 ? 'Fix 100%_done flag' : i === 5 ? 'Ärger mit dem Build' : `Task number ${i}`,
            finals: [s, s, s],
          }),
          now: at(10 + i),
        });
      }
      await ctx.store.saveResult(a.id, { result: buildSampleError('FN-13'), now: at(30) });
      await ctx.store.saveResult(b.id, { result: buildSampleSkipped('FN-14'), now: at(31) });
      return { a, b };
    }

    it('filters by run, project, band, score range, status and text, and counts every match', async () => {
      const { a } = await seed();
      expect((await ctx.store.listResults({ runId: a.id })).count).toBe(7);
      expect((await ctx.store.listResults({ projectId: 'beta' })).count).toBe(7);
      const strong = await ctx.store.listResults({ band: 'strong', sort: 'overall', order: 'asc' });
      expect(strong.items.map((r) => r.overallScore)).toEqual([75, 80, 85]);
      expect((await ctx.store.listResults({ band: ['weak', 'failing'] })).count).toBe(4);
      expect((await ctx.store.listResults({ min: 60, max: 70 })).items.map((r) => r.taskId).sort()).toEqual([
        'FN-5',
        'FN-6',
        'FN-7',
      ]);
      expect((await ctx.store.listResults({ status: 'error' })).items.map((r) => r.taskId)).toEqual(['FN-13']);
      expect((await ctx.store.listResults({ q: 'fn-1' })).count).toBe(6);
      expect((await ctx.store.listResults({ q: '100%_' })).items.map((r) => r.taskId)).toEqual(['FN-3']);
      expect((await ctx.store.listResults({ q: '%' })).items.map((r) => r.taskId)).toEqual(['FN-3']);
      expect((await ctx.store.listResults({ q: 'number 1' })).count).toBe(4);
      expect((await ctx.store.listResults({ q: 'MIT DEM' })).items.map((r) => r.taskId)).toEqual(['FN-5']);
      expect((await ctx.store.listResults({ q: 'NUMBER 12' })).items.map((r) => r.taskId)).toEqual(['FN-12']);
      expect((await ctx.store.listResults({ q: '12' })).items.map((r) => r.taskId)).toEqual(['FN-12']);
      expect((await ctx.store.listResults({ q: '"x" OR 1' })).count).toBe(0);
      // A match lies inside the task id or inside the title, never across the two.
      expect((await ctx.store.listResults({ q: '3fix' })).count).toBe(0);
      expect((await ctx.store.listResults({ q: '  ' })).count).toBe(14);
      expect((await ctx.store.listResults({ q: 'Ärger' })).items.map((r) => r.taskId)).toEqual(['FN-5']);
    });

    it('sorts by each key in both directions, unscored rows last, and pages', async () => {
      await seed();
      const desc = await ctx.store.listResults({ sort: 'overall', order: 'desc', limit: 3 });
      expect(desc.items.map((r) => r.overallScore)).toEqual([95, 90, 85]);
      expect(desc.count).toBe(14);
      const asc = await ctx.store.listResults({ sort: 'agentPerformance', order: 'asc', limit: 500 });
      expect(asc.items.slice(0, 2).map((r) => r.finals.agentPerformance)).toEqual([40, 45]);
      expect(
        asc.items
          .slice(-2)
          .map((r) => r.status)
          .sort(),
      ).toEqual(['error', 'skipped']);
      const page2 = await ctx.store.listResults({ sort: 'taskId', order: 'asc', limit: 5, offset: 5 });
      expect(page2.items.map((r) => r.taskId)).toEqual(['FN-14', 'FN-2', 'FN-3', 'FN-4', 'FN-5']);
      expect(page2.count).toBe(14);
      const recent = await ctx.store.listResults({ sort: 'evaluatedAt', order: 'desc', limit: 1 });
      expect(recent.items[0]!.taskId).toBe('FN-14');
      for (const sort of ['taskOutcomeQuality', 'processCompliance'] as const) {
        expect((await ctx.store.listResults({ sort, order: 'desc', limit: 1 })).items[0]!.taskId).toBe('FN-12');
      }
      expect((await ctx.store.listResults({ offset: 100 })).items).toEqual([]);
    });

    it('lists summaries without bundles unless whole results are asked for', async () => {
      await seed();
      const summary = await ctx.store.listResults({ limit: 1, sort: 'overall' });
      expect(summary.items[0]).not.toHaveProperty('evidenceBundle');
      expect(summary.items[0]!.categoryScores).toHaveLength(3);
      const full = await ctx.store.listResults({ limit: 1, sort: 'overall', full: true });
      expect(full.items[0]).toMatchObject({ status: 'scored', evidenceBundle: { taskId: 'FN-12' } });
    });

    it('lists light whole results: everything a whole result has but its bundle, signals and snapshot (signals kept when asked)', async () => {
      await seed();
      const query = { sort: 'taskId', order: 'asc', limit: 20 } as const;
      const full = await ctx.store.listResults({ ...query, full: true });
      const light = await ctx.store.listResults({ ...query, full: true, light: true });
      expect(light.count).toBe(full.count);
      expect(full.items.some((r) => r.status === 'error')).toBe(true);
      expect(light.items).toEqual(
        full.items.map((r) => ({
          ...r,
          taskSnapshot: null,
          ...(r.status === 'skipped' ? {} : { evidenceBundle: null, signals: null }),
        })),
      );
      // Keeping the signals (what validation reads) leaves only the bundle and snapshot out.
      const withSignals = await ctx.store.listResults({ ...query, full: true, light: true, withSignals: true });
      expect(full.items.some((r) => r.status === 'scored' && r.signals !== null)).toBe(true);
      expect(withSignals.items).toEqual(
        full.items.map((r) => ({
          ...r,
          taskSnapshot: null,
          ...(r.status === 'skipped' ? {} : { evidenceBundle: null }),
        })),
      );
    });

    it('lists brief summaries without the category breakdown, and pages without counting when asked', async () => {
      await seed();
      const summary = await ctx.store.listResults({ sort: 'taskId', order: 'asc', limit: 5, offset: 5 });
      const brief = await ctx.store.listResults({ sort: 'taskId', order: 'asc', limit: 5, offset: 5, brief: true });
      expect(brief.items.map((r) => [r.id, r.finals, r.overallScore, r.cohort])).toEqual(
        summary.items.map((r) => [r.id, r.finals, r.overallScore, r.cohort]),
      );
      expect(brief.items[0]!.categoryScores).toBeNull();
      expect(summary.count).toBe(14);
      // Without counting, a full page says only what was read so far; the short last page ends the walk.
      expect((await ctx.store.listResults({ limit: 5, offset: 5, count: false })).count).toBe(10);
      expect((await ctx.store.listResults({ limit: 5, offset: 10, count: false })).items).toHaveLength(4);
      // The modes alone are the facets' modes, without the other facets' scans.
      const modes = await ctx.store.resultModes();
      expect(modes.reduce((n, m) => n + m.n, 0)).toBe(12);
      expect(modes).toEqual((await ctx.store.resultFacets()).modes);
    });

    it('rejects bad limits, offsets, sorts and ranges with invalid_input naming the field', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ limit: 0 }, 'limit'],
        [{ limit: 501 }, 'limit'],
        [{ limit: 1.5 }, 'limit'],
        [{ offset: -1 }, 'offset'],
        [{ sort: 'overall_score; DROP TABLE eval_runs' }, 'sort'],
        [{ order: 'sideways' }, 'order'],
        [{ min: 101 }, 'min'],
        [{ min: 70, max: 60 }, 'min'],
        [{ band: 'great' }, 'band'],
        [{ q: 'FN-1\u001ffix' }, 'q'],
        [{ unknown: 1 }, 'listResults'],
      ];
      for (const [query, field] of cases) {
        expect(await codeOf(ctx.store.listResults(query as never))).toBe('invalid_input');
        if (field !== 'listResults') expect(await fieldOf(ctx.store.listResults(query as never))).toBe(field);
      }
      expect(await codeOf(ctx.store.listRuns({ limit: 1000 }))).toBe('invalid_input');
      expect(await codeOf(ctx.store.listRuns({ offset: -5 }))).toBe('invalid_input');
      expect(await codeOf(ctx.store.taskHistory('FN-1', { limit: 0 }))).toBe('invalid_input');
      expect((await ctx.store.listRuns()).count).toBe(0);
    });

    it('lists runs newest first with filters, pages and a total count', async () => {
      const r1 = await ctx.store.createRun(runInput({ now: at(1) }));
      const r2 = await ctx.store.createRun(runInput({ now: at(2), trigger: 'api' }));
      const r3 = await ctx.store.createRun(runInput({ now: at(3), projectId: 'other' }));
      await ctx.store.transitionRun(r1.id, 'cancelled', { now: at(4) });
      expect((await ctx.store.listRuns()).items.map((r) => r.id)).toEqual([r3.id, r2.id, r1.id]);
      expect(await ctx.store.listRuns({ status: 'pending', limit: 1 })).toMatchObject({
        count: 2,
        items: [{ id: r3.id }],
      });
      expect((await ctx.store.listRuns({ trigger: 'api' })).items.map((r) => r.id)).toEqual([r2.id]);
      expect((await ctx.store.listRuns({ projectId: 'proj', offset: 1 })).items.map((r) => r.id)).toEqual([r1.id]);
      expect(await ctx.store.listRuns({ ids: [r1.id, 'run_missing', r3.id] })).toMatchObject({
        count: 2,
        items: [{ id: r3.id }, { id: r1.id }],
      });
      expect((await ctx.store.listRuns({ ids: [] })).count).toBe(0);
    });
  });

  describe('trends', () => {
    it('averages scored results per day and per Monday-started week', async () => {
      const run = await ctx.runIn('running');
      // 2026-03-01 is a Sunday, 03-02 Monday, 03-03 Tuesday.
      const days = ['2026-03-01T12:00:00Z', '2026-03-02T08:00:00Z', '2026-03-02T20:00:00Z', '2026-03-03T09:00:00Z'];
      const finals: [number, number, number][] = [
        [50, 50, 50],
        [80, 90, 70],
        [60, 70, 50],
        [100, 100, 100],
      ];
      for (const [i, day] of days.entries()) {
        await ctx.store.saveResult(run.id, {
          result: buildSampleResult({ taskId: `FN-${i}`, finals: finals[i]!, evaluatedAt: day }),
          now: day,
        });
      }
      await ctx.store.saveResult(run.id, { result: buildSampleError('FN-E'), now: '2026-03-02T09:00:00Z' });
      const daily = await ctx.store.trends({ bucket: 'day' });
      expect(daily).toEqual([
        {
          bucket: '2026-03-01',
          count: 1,
          mean: { agentPerformance: 50, taskOutcomeQuality: 50, processCompliance: 50, overall: 50 },
        },
        {
          bucket: '2026-03-02',
          count: 2,
          mean: { agentPerformance: 70, taskOutcomeQuality: 80, processCompliance: 60, overall: 72 },
        },
        {
          bucket: '2026-03-03',
          count: 1,
          mean: { agentPerformance: 100, taskOutcomeQuality: 100, processCompliance: 100, overall: 100 },
        },
      ]);
      const weekly = await ctx.store.trends({ bucket: 'week' });
      expect(weekly.map((w) => [w.bucket, w.count])).toEqual([
        ['2026-02-23', 1],
        ['2026-03-02', 3],
      ]);
      expect((await ctx.store.trends({ bucket: 'day', since: '2026-03-02T10:00:00Z' })).map((d) => d.count)).toEqual([
        1, 1,
      ]);
      expect(await ctx.store.trends({ bucket: 'day', projectId: 'nobody' })).toEqual([]);
    });

    it('buckets by when the task was completed, not when it was scored, with one series per model when asked', async () => {
      const run = await ctx.runIn('running');
      const other = await ctx.runIn('running');
      // Eight tasks completed on eight days, all scored on one day.
      for (let i = 0; i < 8; i++) {
        const completedAt = `2026-02-${String(i + 10).padStart(2, '0')}T10:00:00.000Z`;
        const cohort = {
          agent: 'claude-code',
          modelProvider: 'anthropic',
          modelId: i % 2 ? 'claude-sonnet-4-5' : 'claude-opus-4-1',
          labels: {},
        };
        await ctx.store.saveResult(run.id, {
          result: buildSampleResult({ taskId: `FN-${i}`, finals: [60, 60, 60], evaluatedAt: '2026-03-05T09:00:00Z' }),
          completedAt,
          cohort,
          now: '2026-03-05T09:00:00Z',
        });
      }
      await ctx.store.saveResult(other.id, {
        result: buildSampleResult({ taskId: 'FN-X', finals: [90, 90, 90], evaluatedAt: '2026-03-05T09:00:00Z' }),
        now: '2026-03-05T09:00:00Z',
      });
      const daily = await ctx.store.trends({ bucket: 'day', runId: run.id });
      expect(daily.map((p) => [p.bucket, p.count])).toEqual(
        Array.from({ length: 8 }, (_, i) => [`2026-02-${String(i + 10).padStart(2, '0')}`, 1]),
      );
      // No completion time: the evaluation time places it.
      expect((await ctx.store.trends({ bucket: 'day', runId: other.id })).map((p) => [p.bucket, p.count])).toEqual([
        ['2026-03-05', 1],
      ]);
      const byModel = await ctx.store.trends({ bucket: 'week', by: 'model' });
      expect(byModel.map((p) => [p.cohort, p.bucket, p.count])).toEqual([
        ['claude-opus-4-1', '2026-02-09', 3],
        ['claude-opus-4-1', '2026-02-16', 1],
        ['claude-sonnet-4-5', '2026-02-09', 3],
        ['claude-sonnet-4-5', '2026-02-16', 1],
        [null, '2026-03-02', 1],
      ]);
      expect(
        (await ctx.store.trends({ bucket: 'day', since: '2026-02-16T00:00:00Z', runId: run.id })).map((p) => p.bucket),
      ).toEqual(['2026-02-16', '2026-02-17']);
    });
  });
}
