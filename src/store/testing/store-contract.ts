import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSampleError, buildSampleResult, buildSampleSkipped } from '../build-sample-result.js';
import { RUN_STATUSES, type RunStatus, type RunTrigger } from '../run-lifecycle.js';
import type { CreateRunInput } from '../store-inputs.js';
import type { Store } from '../store.js';
import { describeKeptDataContract } from './describe-kept-data-contract.js';
import { describeListingContract } from './describe-listing-contract.js';
import { describeAggregatesContract } from './describe-aggregates-contract.js';
import { describeCompareCellsContract } from './describe-compare-cells-contract.js';
import { describeRatingsContract } from './describe-ratings-contract.js';
import { describeTaskFatesContract } from './describe-task-fates-contract.js';
import { describeResultsContract } from './describe-results-contract.js';
import { T0, at, codeOf, provenance, runInput } from './store-contract-support.js';

export { runInput } from './store-contract-support.js';

/** A backend under test, plus a way to make its event inserts fail for the atomicity test. */
export interface StoreHarness {
  store: Store;
  /** From now on every insert into eval_run_events fails inside the database. */
  breakEventInserts(): Promise<void>;
  dispose(): Promise<void>;
}

/** The contract's lifecycle, written out rather than imported so a wrong table in the code fails here. */
const ALLOWED_TRANSITIONS = new Set([
  'pending→running',
  'pending→completed',
  'pending→failed',
  'pending→cancelled',
  'running→completed',
  'running→failed',
  'running→cancelled',
]);
const TERMINAL = new Set<RunStatus>(['completed', 'failed', 'cancelled']);

/** The behaviour every Store backend must show; run it once per backend. */
export function describeStoreContract(name: string, makeStore: () => Promise<StoreHarness>): void {
  describe(`Store contract: ${name}`, () => {
    let harness: StoreHarness;
    let store: Store;

    beforeEach(async () => {
      harness = await makeStore();
      store = harness.store;
    });
    afterEach(async () => {
      await harness.dispose();
    });

    /** A manual run brought to `status` the shortest allowed way. */
    async function runIn(status: RunStatus, overrides: Partial<CreateRunInput> = {}) {
      const run = await store.createRun(runInput(overrides));
      if (status === 'pending') return run;
      if (status !== 'running' && status !== 'completed') return store.transitionRun(run.id, status, { now: at(1) });
      await store.transitionRun(run.id, 'running', { now: at(1) });
      return status === 'running' ? store.getRun(run.id) : store.transitionRun(run.id, status, { now: at(2) });
    }

    describe('run lifecycle', () => {
      for (const from of RUN_STATUSES) {
        for (const to of RUN_STATUSES) {
          const allowed = ALLOWED_TRANSITIONS.has(`${from}→${to}`);
          const expected = allowed ? 'no error' : TERMINAL.has(from) ? 'terminal_immutable' : 'invalid_transition';
          it(`${allowed ? 'allows' : 'refuses'} ${from} → ${to}${allowed ? '' : ` with ${expected}`}`, async () => {
            const run = await runIn(from);
            const before = await store.listEvents(run.id);
            expect(await codeOf(store.transitionRun(run.id, to, { now: at(5), reason: 'test' }))).toBe(expected);
            const after = await store.getRun(run.id);
            const events = await store.listEvents(run.id);
            if (allowed) {
              expect(after.status).toBe(to);
              expect(events.at(-1)).toMatchObject({
                type: 'status_changed',
                seq: before.length + 1,
                data: { from, to, reason: 'test' },
              });
            } else {
              expect(after.status).toBe(from);
              expect(events).toEqual(before);
            }
          });
        }
      }

      it('creates runs pending with the given provenance, window and requested tasks', async () => {
        const run = await store.createRun(
          runInput({ window: { start: null, end: at(0) }, requestedTaskIds: ['FN-1', 'FN-2'] }),
        );
        expect(run).toMatchObject({
          status: 'pending',
          trigger: 'manual',
          projectId: 'proj',
          provenance,
          window: { start: null, end: T0 },
        });
        expect(run.id).toMatch(/^run_[0-9a-f]{32}$/);
        expect(run.requestedTaskIds).toEqual(['FN-1', 'FN-2']);
        expect(await store.getRun(run.id)).toEqual(run);
        // A listing says how many tasks, not which.
        const { requestedTaskIds: _requested, evaluatedTaskIds: _evaluated, ...header } = run;
        expect((await store.listRuns()).items).toEqual([{ ...header, requestedTasks: 2, evaluatedTasks: 0 }]);
      });

      it('records start and finish times and freezes counts and means on completion', async () => {
        const run = await runIn('running');
        await store.saveResult(run.id, {
          result: buildSampleResult({ taskId: 'FN-1', finals: [80, 90, 70] }),
          now: at(2),
        });
        await store.saveResult(run.id, {
          result: buildSampleResult({ taskId: 'FN-2', finals: [61, 70, 50] }),
          now: at(3),
        });
        await store.saveResult(run.id, { result: buildSampleError('FN-3'), now: at(3) });
        await store.saveResult(run.id, { result: buildSampleSkipped('FN-4'), now: at(3) });
        expect((await store.getRun(run.id)).counts).toEqual({ total: 4, scored: 2, skipped: 1, errored: 1 });
        const done = await store.transitionRun(run.id, 'completed', { now: at(4), summary: '2 scored' });
        expect(done).toMatchObject({ status: 'completed', startedAt: at(1), finishedAt: at(4), summary: '2 scored' });
        expect(done.counts).toEqual({ total: 4, scored: 2, skipped: 1, errored: 1 });
        expect(done.aggregates).toEqual({
          agentPerformance: 70.5,
          taskOutcomeQuality: 80,
          processCompliance: 60,
          overall: 72,
        });
        // In the order they were evaluated, then by task id.
        expect(done.evaluatedTaskIds).toEqual(['FN-1', 'FN-2', 'FN-3', 'FN-4']);
      });

      it('refuses results, events and transitions once a run is terminal', async () => {
        for (const status of ['completed', 'failed', 'cancelled'] as const) {
          const run = await runIn(status);
          const events = await store.listEvents(run.id);
          expect(
            await codeOf(store.saveResult(run.id, { result: buildSampleResult({ taskId: 'FN-9' }), now: at(9) })),
          ).toBe('terminal_immutable');
          expect(await codeOf(store.appendEvent(run.id, { type: 'info', message: 'late', now: at(9) }))).toBe(
            'terminal_immutable',
          );
          expect(await codeOf(store.transitionRun(run.id, 'running', { now: at(9) }))).toBe('terminal_immutable');
          expect(await store.listEvents(run.id)).toEqual(events);
          expect(await store.resultTaskIds(run.id)).toEqual([]);
        }
      });

      it('takes results only while a run is running', async () => {
        const run = await runIn('pending');
        expect(
          await codeOf(store.saveResult(run.id, { result: buildSampleResult({ taskId: 'FN-1' }), now: at(1) })),
        ).toBe('run_not_running');
      });

      it('answers not_found for unknown runs and results', async () => {
        expect(await codeOf(store.getRun('run_missing'))).toBe('not_found');
        expect(await codeOf(store.transitionRun('run_missing', 'running', { now: T0 }))).toBe('not_found');
        expect(
          await codeOf(store.saveResult('run_missing', { result: buildSampleResult({ taskId: 'FN-1' }), now: T0 })),
        ).toBe('not_found');
        expect(await codeOf(store.appendEvent('run_missing', { type: 'info', message: 'x', now: T0 }))).toBe(
          'not_found',
        );
        expect(await codeOf(store.getResult('res_missing'))).toBe('not_found');
        expect(await codeOf(store.createRun(runInput({ resumeOf: 'run_missing' })))).toBe('not_found');
      });
    });

    describe('active runs', () => {
      for (const trigger of ['schedule', 'task_completion'] as const) {
        it(`allows one active ${trigger} run per project`, async () => {
          const first = await store.createRun(runInput({ trigger }));
          expect(await codeOf(store.createRun(runInput({ trigger })))).toBe('active_run_conflict');
          await store.transitionRun(first.id, 'running', { now: at(1) });
          expect(await codeOf(store.createRun(runInput({ trigger })))).toBe('active_run_conflict');
          expect((await store.createRun(runInput({ trigger, projectId: 'other' }))).status).toBe('pending');
          await store.transitionRun(first.id, 'completed', { now: at(2) });
          expect((await store.createRun(runInput({ trigger, now: at(3) }))).status).toBe('pending');
        });
      }

      for (const trigger of ['manual', 'api'] as const satisfies RunTrigger[]) {
        it(`allows many active ${trigger} runs`, async () => {
          await store.createRun(runInput({ trigger }));
          await store.createRun(runInput({ trigger }));
          expect((await store.listRuns({ trigger, status: 'pending' })).count).toBe(2);
        });
      }
    });

    const ctx = {
      get store() {
        return store;
      },
      runIn,
      breakEventInserts: () => harness.breakEventInserts(),
    };
    describeResultsContract(ctx);
    describeListingContract(ctx);
    describeKeptDataContract(ctx);
    describeRatingsContract(ctx);
    describeTaskFatesContract(ctx);
    describeAggregatesContract(ctx);
    describeCompareCellsContract(ctx);
  });
}
