import { describe, expect, it } from 'vitest';
import type { TaskFate } from '../../core/index.js';
import { at, codeOf, fieldOf, type StoreContractContext } from './store-contract-support.js';

const fate = (over: Partial<TaskFate> = {}): TaskFate => ({
  projectId: 'github.com/acme/app',
  taskId: 'PR-1',
  kind: 'pull',
  pull: { state: 'merged', source: 'github', hoursToMerge: 5.5, reviewRounds: 1, iterations: 0 },
  deliveredAt: at(0),
  reverted: false,
  fixed: null,
  fixWindowDays: 7,
  fixedLines: null,
  computedAt: at(10),
  historyUntil: at(9),
  ...over,
});

/** Tasks' fates: keyed by (project, task), a newer fate replacing the older, all or none. Part of the Store contract. */
export function describeTaskFatesContract(ctx: StoreContractContext): void {
  describe('task fates', () => {
    it('keeps the same task id of two projects apart, and lists them by project', async () => {
      expect(
        await ctx.store.saveTaskFates([
          fate(),
          fate({ projectId: 'github.com/acme/other', pull: { ...fate().pull!, state: 'closed' }, reverted: null }),
          fate({ taskId: 'T-9', kind: 'task', pull: null, fixed: true, fixedLines: 3 }),
        ]),
      ).toBe(3);
      const all = await ctx.store.listTaskFates();
      expect(all.map((f) => [f.projectId, f.taskId, f.pull?.state ?? null])).toEqual([
        ['github.com/acme/app', 'PR-1', 'merged'],
        ['github.com/acme/app', 'T-9', null],
        ['github.com/acme/other', 'PR-1', 'closed'],
      ]);
      expect(all[1]).toEqual(fate({ taskId: 'T-9', kind: 'task', pull: null, fixed: true, fixedLines: 3 }));
      expect((await ctx.store.listTaskFates({ projectIds: ['github.com/acme/other'] })).map((f) => f.taskId)).toEqual([
        'PR-1',
      ]);
    });

    it("replaces a task's older fate with its newer one", async () => {
      await ctx.store.saveTaskFates([fate()]);
      await ctx.store.saveTaskFates([fate({ reverted: true, computedAt: at(20) })]);
      expect(await ctx.store.listTaskFates()).toEqual([fate({ reverted: true, computedAt: at(20) })]);
    });

    it('refuses a bad fate naming its index and field, and keeps none of the batch', async () => {
      const bad = ctx.store.saveTaskFates([fate({ taskId: 'PR-2' }), fate({ fixWindowDays: -1 })]);
      expect(await codeOf(bad)).toBe('invalid_input');
      expect(await fieldOf(ctx.store.saveTaskFates([fate({ fixWindowDays: -1 })]))).toBe('fixWindowDays');
      expect(await ctx.store.listTaskFates()).toEqual([]);
    });
  });
}
