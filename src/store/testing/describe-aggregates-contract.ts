import { describe, expect, it } from 'vitest';
import { HUMAN_OR_UNKNOWN, SCORE_BAND_NAMES } from '../../core/index.js';
import { buildSampleError, buildSampleResult } from '../build-sample-result.js';
import type { ListResultsQuery, TrendsQuery } from '../store-inputs.js';
import { at, runInput, type StoreContractContext } from './store-contract-support.js';

const AGENTS = ['claude-code', 'codex', null] as const;
const MODELS = ['claude-sonnet-4-5', 'gpt-5'] as const;

/** Trends, modes and bands answered from the per-day sums the store keeps. Part of the Store contract. */
export function describeAggregatesContract(ctx: StoreContractContext): void {
  describe('aggregates', () => {
    /**
     * `n` scored results spread over days and cohorts, and one error, in a run created at `created`: the first
     * half saved one at a time, the rest in one batch (the two ways the sums are written).
     */
    async function runWithResults(prefix: string, n: number, created: number) {
      const run = await ctx.store.createRun(runInput({ now: at(created) }));
      await ctx.store.transitionRun(run.id, 'running', { now: at(created + 1) });
      const batch: Parameters<typeof ctx.store.saveResults>[1][number][] = [];
      for (let i = 0; i < n; i++) {
        const day = String(2 + ((i * 7) % 19)).padStart(2, '0');
        const result = buildSampleResult({
          taskId: `${prefix}-${i}`,
          finals: [(i * 37) % 101, (i * 53 + 11) % 101, (i * 29 + 5) % 101],
          evaluatedAt: `2026-03-${day}T${String((i * 5) % 24).padStart(2, '0')}:30:00.000Z`,
        });
        const cohort = { agent: AGENTS[i % 3]!, modelProvider: null, modelId: MODELS[i % 2]!, labels: {} };
        const input = { result, cohort, now: at(created + 2) };
        if (i < n / 2) await ctx.store.saveResult(run.id, input);
        else batch.push(input);
      }
      await ctx.store.saveResults(run.id, batch);
      await ctx.store.saveResult(run.id, { result: buildSampleError(`${prefix}-error`), now: at(created + 2) });
      return run;
    }

    /** The trend asked of the per-day sums, and of every result (a start 1 ms past midnight reads them all). */
    async function bothWays(query: Omit<TrendsQuery, 'since'>) {
      return {
        days: await ctx.store.trends({ ...query, since: '2026-03-01T00:00:00.000Z' }),
        every: await ctx.store.trends({ ...query, since: '2026-03-01T00:00:00.001Z' }),
      };
    }

    it("gives trends, modes and a run's bands from per-day sums equal to reading every result, and drops a pruned run's", async () => {
      const old = await runWithResults('OLD', 30, -100_000);
      const recent = await runWithResults('NEW', 24, 0);
      for (const bucket of ['day', 'week'] as const) {
        for (const by of [undefined, 'agent', 'model'] as const) {
          const query = { bucket, ...(by ? { by } : {}) };
          const { days, every } = await bothWays(query);
          expect(days.length).toBeGreaterThanOrEqual(3);
          expect(days).toEqual(every);
          expect(await ctx.store.trends(query)).toEqual(every);
        }
      }
      const inRun = await bothWays({ bucket: 'day', runId: old.id, by: 'agent' });
      expect(inRun.days).toEqual(inRun.every);
      expect(inRun.days.reduce((sum, p) => sum + p.count, 0)).toBe(30);
      expect(await ctx.store.resultModes()).toEqual([{ mode: 'hybrid', rubricVersion: expect.any(String), n: 54 }]);
      expect((await ctx.store.resultModes({ runId: recent.id }))[0]!.n).toBe(24);
      const bands = await ctx.store.resultBands(old.id);
      for (const band of SCORE_BAND_NAMES)
        expect(bands[band] ?? 0).toBe((await ctx.store.listResults({ runId: old.id, band, status: 'scored' })).count);
      expect(Object.values(bands).reduce((sum, n) => sum + n, 0)).toBe(30);

      await ctx.store.transitionRun(old.id, 'completed', { now: at(-99_000) });
      await ctx.store.prune({ olderThan: at(-1_000) });
      const after = await bothWays({ bucket: 'day' });
      expect(after.days).toEqual(after.every);
      expect(after.days.reduce((sum, p) => sum + p.count, 0)).toBe(24);
      expect(await ctx.store.resultBands(old.id)).toEqual({});
      expect(await ctx.store.resultModes()).toEqual([{ mode: 'hybrid', rubricVersion: expect.any(String), n: 24 }]);
    });

    it('counts a listing from the per-day sums exactly as from its matches, for every filter the sums keep', async () => {
      const run = await runWithResults('NEW', 24, 0);
      await runWithResults('MORE', 12, 10);
      const filters: ListResultsQuery[] = [
        {},
        { runId: run.id },
        { projectId: 'proj' },
        { band: 'weak' },
        { band: ['weak', 'failing'], runId: run.id },
        { status: 'error' },
        { status: 'scored', mode: 'hybrid' },
        { model: 'gpt-5' },
        { agent: HUMAN_OR_UNKNOWN },
        { agent: 'codex', runId: run.id },
        { provider: 'nobody' },
        { min: 50 },
      ];
      for (const filter of filters) {
        const all = (await ctx.store.listResults({ ...filter, limit: 500 })).items.length;
        expect(all, JSON.stringify(filter)).toBeGreaterThanOrEqual(filter.provider ? 0 : 1);
        expect((await ctx.store.listResults({ ...filter, limit: 1 })).count, JSON.stringify(filter)).toBe(all);
      }
    });

    it('keeps a trend that starts within a day to the results since that moment', async () => {
      // Of these twelve, one result is on 9 March, at 05:30.
      await runWithResults('NEW', 12, 0);
      const fromMidnight = await ctx.store.trends({ bucket: 'day', since: '2026-03-09T00:00:00.000Z' });
      const fromNoon = await ctx.store.trends({ bucket: 'day', since: '2026-03-09T12:00:00.000Z' });
      expect(fromMidnight.find((p) => p.bucket === '2026-03-09')?.count).toBe(1);
      expect(fromNoon).toEqual(fromMidnight.filter((p) => p.bucket !== '2026-03-09'));
    });
  });
}
