import { describe, expect, it } from 'vitest';
import { buildSampleResult } from '../build-sample-result.js';
import type { SaveRatingInput } from '../rating-inputs.js';
import { at, codeOf, fieldOf, runInput, type StoreContractContext } from './store-contract-support.js';

const rating = (over: Partial<SaveRatingInput> = {}): SaveRatingInput => ({
  projectId: 'proj',
  taskId: 'FN-1',
  rater: 'ana',
  aspect: 'overall',
  scale: '1-5',
  value: 4,
  now: at(1),
  ...over,
});

/** People's ratings: kept per rater, replaced only by the same rater, all or none, and kept when runs are pruned. Part of the Store contract. */
export function describeRatingsContract(ctx: StoreContractContext): void {
  describe('ratings', () => {
    it("keeps each rater's ratings apart and lists them in a stable order", async () => {
      await ctx.store.saveRatings([
        rating({ rater: 'ben', value: 2 }),
        rating({ aspect: 'agentPerformance', value: 5, note: 'clean', resultId: 'res_x' }),
        rating(),
        rating({ taskId: 'FN-2', scale: 'good-bad', value: 0, projectId: 'other' }),
      ]);
      const all = await ctx.store.listRatings();
      expect(all.map((r) => [r.projectId, r.taskId, r.rater, r.aspect, r.value])).toEqual([
        ['other', 'FN-2', 'ana', 'overall', 0],
        ['proj', 'FN-1', 'ana', 'agentPerformance', 5],
        ['proj', 'FN-1', 'ana', 'overall', 4],
        ['proj', 'FN-1', 'ben', 'overall', 2],
      ]);
      expect(all[1]).toMatchObject({ note: 'clean', resultId: 'res_x', scale: '1-5', ratedAt: at(1) });
      expect((await ctx.store.listRatings({ rater: 'ben' })).map((r) => r.value)).toEqual([2]);
      expect((await ctx.store.listRatings({ projectId: 'other' })).map((r) => r.scale)).toEqual(['good-bad']);
    });

    it("replaces a rater's earlier rating of the same aspect and keeps its id", async () => {
      const [first] = await ctx.store.saveRatings([rating({ value: 2 })]);
      const [second] = await ctx.store.saveRatings([rating({ value: 5, now: at(9) })]);
      expect(second).toMatchObject({ id: first!.id, value: 5, ratedAt: at(9) });
      expect((await ctx.store.listRatings()).map((r) => r.value)).toEqual([5]);
    });

    it('refuses a value off the scale or a nameless rater naming the field, and keeps none of the batch', async () => {
      await ctx.store.saveRatings([rating({ value: 3 })]);
      const bad = ctx.store.saveRatings([rating({ taskId: 'FN-9' }), rating({ scale: 'good-bad', value: 3 })]);
      expect(await fieldOf(bad)).toBe('value');
      expect(await codeOf(ctx.store.saveRatings([rating({ rater: '  ' })]))).toBe('invalid_input');
      expect((await ctx.store.listRatings()).map((r) => [r.taskId, r.value])).toEqual([['FN-1', 3]]);
    });

    it('keeps ratings when the run whose evidence was rated is pruned', async () => {
      const run = await ctx.store.createRun(runInput({ now: at(-100_000) }));
      await ctx.store.transitionRun(run.id, 'running', { now: at(-99_999) });
      const [saved] = await ctx.store.saveResults(run.id, [
        { result: buildSampleResult({ taskId: 'FN-1' }), now: at(-99_998) },
      ]);
      await ctx.store.transitionRun(run.id, 'completed', { now: at(-99_997) });
      await ctx.store.saveRatings([rating({ resultId: saved!.id })]);
      await ctx.store.prune({ olderThan: at(-1_000) });
      expect((await ctx.store.listRatings()).map((r) => r.resultId)).toEqual([saved!.id]);
    });
  });
}
