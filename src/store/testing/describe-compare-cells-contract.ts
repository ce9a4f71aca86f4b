import { describe, expect, it } from 'vitest';
import type { ScoredResult } from '../../core/index.js';
import { buildSampleResult } from '../build-sample-result.js';
import { expectedCompareCells, sortedCells } from './expected-compare-cells.js';
import { at, runInput, type StoreContractContext } from './store-contract-support.js';

/** A scored result of `taskId` with a change size, a judge cost and a way of scoring that vary with i. */
function result(taskId: string, i: number, evaluatedAt: string, mode: ScoredResult['mode']): ScoredResult {
  return buildSampleResult({
    taskId,
    finals: [(i * 37) % 101, (i * 53 + 11) % 101, (i * 29 + 5) % 101],
    evaluatedAt,
    entriesPerGroup: 1,
    mode,
    codeLinesAdded: i % 4 === 0 ? null : (i * 13) % 40,
    // Half the results carry no judge cost: spend sums count only what is known.
    judgeCostUsd: i % 2 ? 0.01 * i : null,
  });
}

/** Sums kept by the store when it keeps them: equal to summing each task's newest scored result. Part of the Store contract. */
export function describeCompareCellsContract(ctx: StoreContractContext): void {
  describe('comparison sums', () => {
    const expected = (selection = {}) => expectedCompareCells(ctx.store, selection);
    const sorted = sortedCells;

    type Item = [taskId: string, i: number, evaluatedAt: string, mode: ScoredResult['mode']];
    async function saveRun(project: string, created: number, items: Item[]) {
      const run = await ctx.store.createRun(runInput({ projectId: project, now: at(created) }));
      await ctx.store.transitionRun(run.id, 'running', { now: at(created + 1) });
      await ctx.store.saveResults(
        run.id,
        items.map(([taskId, i, evaluatedAt, mode]) => ({
          result: result(taskId, i, evaluatedAt, mode),
          cohort: {
            agent: i % 3 ? 'codex' : null,
            modelProvider: 'openai',
            modelId: i % 2 ? 'gpt-5' : 'o3',
            labels: {},
          },
          now: at(created + 2),
        })),
      );
      return run;
    }

    it("keeps each task's newest result summed as reading every result would, through new runs, rescored tasks and a prune", async () => {
      if ((await ctx.store.compareCells()) === null) return;
      const day = (d: number) => `2026-03-${String(d).padStart(2, '0')}T10:00:00.000Z`;
      const old = await saveRun(
        'alpha',
        -100_000,
        Array.from({ length: 60 }, (_, i) => [`T-${i}`, i, day(2), i % 5 ? 'hybrid' : 'deterministic-only'] as const),
      );
      await ctx.store.transitionRun(old.id, 'completed', { now: at(-99_000) });
      expect(sorted((await ctx.store.compareCells())!)).toEqual(await expected());

      // A later run (few rows: only they are looked up) rescores five tasks, scores new ones, and saves one
      // result older than its task's newest.
      const later = await saveRun('beta', 0, [
        ...Array.from(
          { length: 5 },
          (_, i) => [`T-${i}`, i + 50, day(9), 'hybrid'] as [string, number, string, 'hybrid'],
        ),
        ...Array.from(
          { length: 3 },
          (_, i) => [`U-${i}`, i + 7, day(9), 'hybrid'] as [string, number, string, 'hybrid'],
        ),
        ['T-20', 99, day(1), 'hybrid'],
      ]);
      const running = (await ctx.store.compareCells())!;
      expect(sorted(running)).toEqual(await expected());
      expect(running.reduce((n, c) => n + c.n, 0)).toBe(63);
      await ctx.store.transitionRun(later.id, 'completed', { now: at(1) });
      expect(sorted((await ctx.store.compareCells())!)).toEqual(await expected());

      await ctx.store.prune({ olderThan: at(-50_000) });
      const pruned = (await ctx.store.compareCells())!;
      expect(pruned.reduce((n, c) => n + c.n, 0)).toBe(9);
      expect(sorted(pruned)).toEqual(await expected());

      // Many rows at once are recounted rather than looked up one by one: the same sums.
      await saveRun(
        'alpha',
        2,
        Array.from({ length: 40 }, (_, i) => [`V-${i}`, i + 3, day(12), 'deterministic-only'] as const),
      );
      expect(sorted((await ctx.store.compareCells())!)).toEqual(await expected());
    });

    it("sums a selection's newest results as reading them would: whole and part days, one run or several, rescored tasks, a prune", async () => {
      if ((await ctx.store.selectedCompareCells({})) === null) return;
      const on = (d: number, h: number) =>
        `2026-03-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:30:00.000Z`;
      const first = await saveRun(
        'alpha',
        -100_000,
        Array.from(
          { length: 80 },
          (_, i) => [`T-${i}`, i, on(2 + (i % 4), i % 24), i % 5 ? 'hybrid' : 'deterministic-only'] as const,
        ),
      );
      await ctx.store.transitionRun(first.id, 'completed', { now: at(-99_000) });
      // A second run rescores a third of the tasks, some later and one earlier than its first result, and
      // scores new ones (few enough that a pass looks each up rather than recounting); it is left running, so its
      // results are past the last pass.
      const second = await saveRun('beta', 0, [
        ...Array.from({ length: 16 }, (_, i): Item => [`T-${i * 3}`, i + 60, on(3 + (i % 5), (9 + i) % 24), 'hybrid']),
        ...Array.from({ length: 6 }, (_, i): Item => [`U-${i}`, i + 90, on(4, i), 'hybrid']),
        ['T-1', 99, on(1, 5), 'hybrid'],
      ]);
      const selections = [
        {},
        { runIds: [first.id] },
        { runIds: [second.id] },
        { runIds: [second.id, first.id] },
        { since: '2026-03-03T00:00:00.000Z' },
        { since: on(3, 12) },
        { until: on(4, 13) },
        { since: on(3, 10), until: on(3, 20) },
        { since: on(2, 0), until: on(5, 23), runIds: [first.id, second.id] },
        { since: '2026-03-04T00:00:00.000Z', until: '2026-03-05T23:59:59.999Z', runIds: [second.id] },
        { since: '2027-01-01T00:00:00.000Z' },
      ];
      const check = async () => {
        for (const selection of selections)
          expect([selection, sorted((await ctx.store.selectedCompareCells(selection))!)]).toEqual([
            selection,
            await expected(selection),
          ]);
      };
      await check();
      await ctx.store.transitionRun(second.id, 'completed', { now: at(1) });
      await check();
      await ctx.store.prune({ olderThan: at(-50_000) });
      await check();
    });
  });
}
