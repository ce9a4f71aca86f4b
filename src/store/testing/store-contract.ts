import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSampleError, buildSampleResult, buildSampleSkipped } from '../build-sample-result.js';
import { RUN_STATUSES, type RunStatus, type RunTrigger } from '../run-lifecycle.js';
import type { CreateRunInput } from '../store-inputs.js';
import type { Store } from '../store.js';
import { describeListingContract } from './describe-listing-contract.js';
import { T0, at, codeOf, fieldOf, provenance, runInput, sampleValidation } from './store-contract-support.js';

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
        expect([...done.evaluatedTaskIds].sort()).toEqual(['FN-1', 'FN-2', 'FN-3', 'FN-4']);
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

    describe('results and events', () => {
      it('keeps one result per (run, task)', async () => {
        const run = await runIn('running');
        const other = await runIn('running');
        await store.saveResult(run.id, { result: buildSampleResult({ taskId: 'FN-1' }), now: at(2) });
        expect(await codeOf(store.saveResult(run.id, { result: buildSampleError('FN-1'), now: at(3) }))).toBe(
          'duplicate_result',
        );
        await store.saveResult(other.id, { result: buildSampleResult({ taskId: 'FN-1' }), now: at(3) });
        expect((await store.listResults({ taskId: 'FN-1' })).count).toBe(2);
      });

      it("keeps each result's cohort and filters listings by model, provider, agent and labels", async () => {
        const run = await runIn('running');
        const save = (
          taskId: string,
          cohort: {
            agent: string | null;
            modelProvider: string | null;
            modelId: string | null;
            labels: Record<string, string>;
          },
        ) => store.saveResult(run.id, { result: buildSampleResult({ taskId }), cohort, now: at(2) });
        await save('FN-1', {
          agent: 'claude-code',
          modelProvider: 'anthropic',
          modelId: 'claude-sonnet-4-5',
          labels: { prompt: 'v1' },
        });
        await save('FN-2', {
          agent: 'codex',
          modelProvider: 'openai',
          modelId: 'gpt-5',
          labels: { prompt: 'v2', 'config.file': 'CLAUDE.md@3f2a' },
        });
        await save('FN-3', {
          agent: 'claude-code',
          modelProvider: 'anthropic',
          modelId: 'claude-sonnet-4-5',
          labels: { prompt: 'v2' },
        });
        await store.saveResult(run.id, { result: buildSampleResult({ taskId: 'FN-4' }), now: at(2) });
        const ids = async (q: Parameters<Store['listResults']>[0]) =>
          (await store.listResults({ ...q, sort: 'taskId', order: 'asc' })).items.map((r) => r.taskId);
        expect(await ids({ model: 'claude-sonnet-4-5' })).toEqual(['FN-1', 'FN-3']);
        expect(await ids({ provider: 'openai' })).toEqual(['FN-2']);
        expect(await ids({ agent: 'claude-code', labels: { prompt: 'v2' } })).toEqual(['FN-3']);
        expect(await ids({ labels: { 'config.file': 'CLAUDE.md@3f2a' } })).toEqual(['FN-2']);
        expect(await ids({ runId: run.id, model: 'gpt-5' })).toEqual(['FN-2']);
        const summary = (await store.listResults({ taskId: 'FN-2' })).items[0]!;
        expect(summary.cohort).toEqual({
          agent: 'codex',
          modelProvider: 'openai',
          modelId: 'gpt-5',
          labels: { prompt: 'v2', 'config.file': 'CLAUDE.md@3f2a' },
        });
        expect((await store.findResult({ taskId: 'FN-4', runId: run.id }))!.cohort).toEqual({
          agent: null,
          modelProvider: null,
          modelId: null,
          labels: {},
        });
        expect(await codeOf(store.listResults({ labels: { 'bad key': 'x' } }))).toBe('invalid_input');
      });

      it("keeps a result's identity, rubric, change size and costs, gives them in listings, and finds work no agent was named for", async () => {
        const run = await runIn('running');
        const identity = {
          agent: 'claude',
          agentVersion: '2.0.14',
          modelId: 'claude-opus-4-5',
          source: 'trailer' as const,
          agentVersionSource: 'session' as const,
          modelSource: 'trailer' as const,
          evidence: 'Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>',
          shares: [{ agent: 'claude', commits: 2, share: 1 }],
          agentLineShare: null,
        };
        const sample = buildSampleResult({ taskId: 'FN-1' });
        const result = {
          ...sample,
          agent: 'claude',
          agentVersion: '2.0.14',
          modelId: 'claude-opus-4-5',
          identity,
          provenance: { ...sample.provenance, costUsd: 0.012 },
        };
        const cohort = { agent: 'claude', modelProvider: 'anthropic', modelId: 'claude-opus-4-5', labels: {} };
        await store.saveResult(run.id, {
          result,
          cohort,
          taskSnapshot: { id: 'FN-1', tokenUsage: { inputTokens: 900, outputTokens: 300 }, agentCostUsd: 0.5 },
          now: at(2),
        });
        await store.saveResult(run.id, { result: buildSampleResult({ taskId: 'FN-2' }), now: at(2) });
        const saved = await store.findResult({ taskId: 'FN-1', runId: run.id });
        expect(saved).toMatchObject({ agent: 'claude', agentVersion: '2.0.14', modelId: 'claude-opus-4-5', identity });
        const summary = (await store.listResults({ taskId: 'FN-1' })).items[0]!;
        expect(summary).toMatchObject({
          agent: 'claude',
          agentVersion: '2.0.14',
          modelId: 'claude-opus-4-5',
          identity,
          rubricVersion: sample.provenance.rubricVersion,
          agentTokens: 1200,
          agentCostUsd: 0.5,
          judgeCostUsd: 0.012,
        });
        expect((await store.listResults({ agent: 'human or unknown' })).items.map((r) => r.taskId)).toEqual(['FN-2']);
      });

      it('lists each task once with latest: its newest result across runs', async () => {
        const first = await runIn('running');
        const second = await runIn('running');
        await store.saveResult(first.id, {
          result: buildSampleResult({ taskId: 'FN-1', evaluatedAt: at(2) }),
          now: at(2),
        });
        await store.saveResult(first.id, {
          result: buildSampleResult({ taskId: 'FN-2', evaluatedAt: at(2) }),
          now: at(2),
        });
        const newer = await store.saveResult(second.id, {
          result: buildSampleResult({ taskId: 'FN-1', evaluatedAt: at(3) }),
          now: at(3),
        });
        const page = await store.listResults({ latest: true, sort: 'taskId', order: 'asc' });
        expect(page.count).toBe(2);
        expect(page.items.map((r) => [r.taskId, r.runId])).toEqual([
          ['FN-1', second.id],
          ['FN-2', first.id],
        ]);
        expect(page.items[0]!.id).toBe(newer.id);
        expect((await store.listResults({})).count).toBe(3);
      });

      it('numbers events 1, 2, 3 per run, independently across runs', async () => {
        const a = await store.createRun(runInput());
        const b = await store.createRun(runInput());
        await store.transitionRun(a.id, 'running', { now: at(1) });
        await store.appendEvent(b.id, { type: 'warning', message: 'b first', now: at(1) });
        await store.saveResult(a.id, { result: buildSampleResult({ taskId: 'FN-1' }), now: at(2) });
        await store.appendEvent(a.id, { type: 'info', message: 'note', data: { n: 1 }, now: at(3) });
        const events = await store.listEvents(a.id);
        expect(events.map((e) => [e.seq, e.type])).toEqual([
          [1, 'status_changed'],
          [2, 'task_evaluated'],
          [3, 'info'],
        ]);
        expect(events[2]).toMatchObject({ runId: a.id, message: 'note', data: { n: 1 }, createdAt: at(3) });
        expect((await store.listEvents(b.id)).map((e) => e.seq)).toEqual([1]);
        expect((await store.listEvents(a.id, { afterSeq: 1, limit: 1 })).map((e) => e.seq)).toEqual([2]);
      });

      it('writes a result and its event together or not at all', async () => {
        const run = await runIn('running');
        await harness.breakEventInserts();
        expect(
          await codeOf(store.saveResult(run.id, { result: buildSampleResult({ taskId: 'FN-1' }), now: at(2) })),
        ).toBe('store_failed');
        expect(await store.findResult({ taskId: 'FN-1', runId: run.id })).toBeNull();
        expect((await store.listResults({ runId: run.id })).count).toBe(0);
      });

      it('saves a batch of results with their events in one transaction, all or none', async () => {
        const run = await runIn('running');
        const saved = await store.saveResults(run.id, [
          { result: buildSampleResult({ taskId: 'FN-1' }), now: at(2) },
          { result: buildSampleError('FN-2'), now: at(2) },
        ]);
        expect(saved.map((r) => r.taskId)).toEqual(['FN-1', 'FN-2']);
        expect(
          (await store.listEvents(run.id)).map((e) => [e.seq, e.type, (e.data as { resultId?: string }).resultId]),
        ).toEqual([
          [1, 'status_changed', undefined],
          [2, 'task_evaluated', saved[0]!.id],
          [3, 'task_evaluated', saved[1]!.id],
        ]);
        const batch = [
          { result: buildSampleResult({ taskId: 'FN-3' }), now: at(3) },
          { result: buildSampleSkipped('FN-1'), now: at(3) },
        ];
        expect(await codeOf(store.saveResults(run.id, batch))).toBe('duplicate_result');
        expect(await store.resultTaskIds(run.id)).toEqual(['FN-1', 'FN-2']);
        expect(await store.listEvents(run.id)).toHaveLength(3);
        expect(
          await fieldOf(
            store.saveResults(run.id, [
              batch[0]!,
              { result: { taskId: 'FN-4', status: 'scored' }, now: at(3) } as never,
            ]),
          ),
        ).toBe('result.mode');
        expect(await store.saveResults(run.id, [])).toEqual([]);
      });

      it('rejects a result that breaks the contract, naming the field', async () => {
        const run = await runIn('running');
        const bad = { ...buildSampleResult({ taskId: 'FN-1' }), overallScore: 101 };
        expect(await fieldOf(store.saveResult(run.id, { result: bad, now: at(2) }))).toBe('result.overallScore');
        const wrongBand = {
          ...buildSampleResult({ taskId: 'FN-1', finals: [80, 90, 70] }),
          overallBand: 'weak' as const,
        };
        expect(await fieldOf(store.saveResult(run.id, { result: wrongBand, now: at(2) }))).toBe('result.overallBand');
        const noBundle = { ...buildSampleResult({ taskId: 'FN-1' }), evidenceBundle: { taskId: 'FN-1' } } as never;
        expect(await codeOf(store.saveResult(run.id, { result: noBundle, now: at(2) }))).toBe('invalid_input');
        expect(await fieldOf(store.saveResult(run.id, { result: buildSampleSkipped('FN-1'), now: 'yesterday' }))).toBe(
          'now',
        );
      });

      it('returns a saved result whole: breakdown, bundle, signals, provenance and snapshot', async () => {
        const run = await runIn('running');
        const result = buildSampleResult({ taskId: 'FN-1' });
        const snapshot = { id: 'FN-1', title: 'Task FN-1', column: 'done' };
        const cohort = {
          agent: 'claude-code',
          modelProvider: 'anthropic',
          modelId: 'claude-sonnet-4-5',
          labels: { prompt: 'v2' },
        };
        const saved = await store.saveResult(run.id, {
          result,
          taskSnapshot: snapshot,
          completedAt: at(-60),
          cohort,
          now: at(2),
        });
        expect(saved.id).toMatch(/^res_[0-9a-f]{32}$/);
        const loaded = await store.getResult(saved.id);
        expect(loaded).toEqual({
          ...result,
          id: saved.id,
          runId: run.id,
          evaluatedAt: at(2),
          completedAt: at(-60),
          taskSnapshot: snapshot,
          cohort,
        });
        expect(saved).toEqual(loaded);
        expect(await store.findResult({ taskId: 'FN-1' })).toEqual(loaded);
        const error = await store.saveResult(run.id, { result: buildSampleError('FN-2', true), now: at(3) });
        expect(await store.getResult(error.id)).toMatchObject({
          status: 'error',
          reason: 'judge timed out',
          transient: true,
        });
        expect(await store.resultTaskIds(run.id)).toEqual(['FN-1', 'FN-2']);
      });

      it('finds the latest result of a task when no run is given', async () => {
        const first = await runIn('running');
        const second = await runIn('running');
        await store.saveResult(first.id, {
          result: buildSampleResult({ taskId: 'FN-1', finals: [10, 10, 10] }),
          now: at(2),
        });
        await store.saveResult(second.id, {
          result: buildSampleResult({ taskId: 'FN-1', finals: [90, 90, 90] }),
          now: at(5),
        });
        expect(await store.findResult({ taskId: 'FN-1' })).toMatchObject({ runId: second.id, overallScore: 90 });
        expect(await store.findResult({ taskId: 'FN-1', runId: first.id })).toMatchObject({ overallScore: 10 });
        expect(await store.findResult({ taskId: 'FN-404' })).toBeNull();
        const history = await store.taskHistory('FN-1');
        expect(history.count).toBe(2);
        expect(history.items.map((r) => [r.runId, r.overallScore])).toEqual([
          [first.id, 10],
          [second.id, 90],
        ]);
      });
    });

    describeListingContract({
      get store() {
        return store;
      },
      runIn,
    });

    describe('retention and recovery', () => {
      it('prunes terminal runs older than the cut-off with their results and events, and reports them', async () => {
        const old = await store.createRun(runInput({ now: at(-100_000) }));
        await store.transitionRun(old.id, 'running', { now: at(-99_995) });
        await store.saveResult(old.id, { result: buildSampleResult({ taskId: 'FN-1' }), now: at(-99_990) });
        await store.saveResult(old.id, { result: buildSampleResult({ taskId: 'FN-2' }), now: at(-99_990) });
        await store.transitionRun(old.id, 'completed', { now: at(-99_980) });
        const oldActive = await store.createRun(runInput({ now: at(-100_000) }));
        const recent = await runIn('completed', { now: at(0) });
        // A dry run reports exactly what a prune would delete, and deletes nothing.
        const preview = await store.prune({ olderThan: at(-1_000), dryRun: true });
        expect(preview).toEqual({ runs: 1, results: 2, events: 4, runIds: [old.id] });
        expect((await store.listResults({ runId: old.id })).count).toBe(2);
        const report = await store.prune({ olderThan: at(-1_000) });
        // Events of the old run: running, 2 × task_evaluated, completed.
        expect(report).toEqual({ runs: 1, results: 2, events: 4, runIds: [old.id] });
        expect(await codeOf(store.getRun(old.id))).toBe('not_found');
        expect((await store.listResults({ runId: old.id })).count).toBe(0);
        expect((await store.getRun(oldActive.id)).status).toBe('pending');
        expect((await store.getRun(recent.id)).status).toBe('completed');
        expect(await store.prune({ olderThan: at(-1_000) })).toEqual({ runs: 0, results: 0, events: 0, runIds: [] });
      });

      it('fails active runs whose heartbeat went stale, with reason interrupted', async () => {
        const stale = await runIn('running');
        const fresh = await runIn('running');
        const stalePending = await store.createRun(runInput({ trigger: 'schedule' }));
        await store.heartbeat(fresh.id, at(10));
        const recovered = await store.recoverStaleRuns(at(10), 60_000);
        expect(recovered.map((r) => r.id).sort()).toEqual([stale.id, stalePending.id].sort());
        expect(recovered[0]).toMatchObject({ status: 'failed', reason: 'interrupted', finishedAt: at(10) });
        expect((await store.getRun(fresh.id)).status).toBe('running');
        expect((await store.listEvents(stale.id)).at(-1)).toMatchObject({
          type: 'status_changed',
          data: { from: 'running', to: 'failed', reason: 'interrupted' },
        });
        expect((await store.createRun(runInput({ trigger: 'schedule', now: at(11) }))).status).toBe('pending');
      });

      it('keeps the settings a run was created with, and never recovers a queued run as stale (its workers own it)', async () => {
        const judge = {
          provider: 'openai-compatible',
          model: 'm',
          baseUrl: 'http://127.0.0.1:9/v1',
          temperature: 0.2,
          samples: 3,
        };
        const queued = await store.createRun(runInput({ settings: { judge, labels: { prompt: 'v2' }, queued: true } }));
        await store.transitionRun(queued.id, 'running', { now: at(0) });
        const local = await runIn('running');
        expect((await store.getRun(queued.id)).settings).toEqual({ judge, labels: { prompt: 'v2' }, queued: true });
        expect(local.settings).toEqual({ judge: null, labels: {}, queued: false });
        const recovered = await store.recoverStaleRuns(at(10), 60_000);
        expect(recovered.map((r) => r.id)).toEqual([local.id]);
        expect((await store.getRun(queued.id)).status).toBe('running');
      });

      it('finds the latest completed run of a project and trigger', async () => {
        expect(await store.latestCompletedRun({ projectId: 'proj', trigger: 'schedule' })).toBeNull();
        const first = await runIn('completed', { trigger: 'schedule', window: { start: null, end: at(0) } });
        await runIn('failed', { trigger: 'schedule', now: at(5) });
        const second = await store.createRun(
          runInput({ trigger: 'schedule', now: at(10), window: { start: at(0), end: at(10) } }),
        );
        await store.transitionRun(second.id, 'running', { now: at(11) });
        expect((await store.latestCompletedRun({ projectId: 'proj', trigger: 'schedule' }))?.id).toBe(first.id);
        await store.transitionRun(second.id, 'completed', { now: at(12) });
        expect(await store.latestCompletedRun({ projectId: 'proj', trigger: 'schedule' })).toMatchObject({
          id: second.id,
          window: { end: at(10) },
        });
      });
    });

    describe('spend and validations', () => {
      it("sums a run's judge tokens and costs and its agents' tokens and costs, counting the results each is known for", async () => {
        const run = await runIn('running');
        expect(await store.runSpend(run.id)).toEqual({
          judgedResults: 0,
          judgeInputTokens: 0,
          judgeOutputTokens: 0,
          judgeCachedTokens: 0,
          judgeCostResults: 0,
          judgeCostUsd: null,
          agentTokenResults: 0,
          agentTokens: null,
          agentCostResults: 0,
          agentCostUsd: null,
        });
        await store.saveResult(run.id, {
          result: buildSampleResult({ taskId: 'FN-1' }),
          taskSnapshot: { id: 'FN-1', tokenUsage: { totalTokens: 1200 }, agentCostUsd: 0.42 },
          now: at(1),
        });
        await store.saveResult(run.id, {
          result: buildSampleResult({ taskId: 'FN-2' }),
          taskSnapshot: { id: 'FN-2', tokenUsage: { inputTokens: 300, outputTokens: 100 } },
          now: at(2),
        });
        await store.saveResult(run.id, { result: buildSampleError('FN-3'), now: at(3) });
        const other = await runIn('running');
        await store.saveResult(other.id, {
          result: buildSampleResult({ taskId: 'FN-1' }),
          taskSnapshot: { tokenUsage: { totalTokens: 9 } },
          now: at(4),
        });
        expect(await store.runSpend(run.id)).toEqual({
          judgedResults: 2,
          judgeInputTokens: 8000,
          judgeOutputTokens: 1200,
          judgeCachedTokens: 0,
          judgeCostResults: 2,
          judgeCostUsd: 0.02,
          agentTokenResults: 2,
          agentTokens: 1600,
          agentCostResults: 1,
          agentCostUsd: 0.42,
        });
        expect(await codeOf(store.runSpend('run_missing'))).toBe('not_found');
      });

      it('keeps what validate said of a run, lists it newest first, refuses a malformed report, and deletes it with the run', async () => {
        const run = await store.createRun(runInput({ now: at(-100_000) }));
        await store.transitionRun(run.id, 'running', { now: at(-99_999) });
        await store.transitionRun(run.id, 'completed', { now: at(-99_998) });
        const later = await runIn('completed');
        const report = sampleValidation();
        const first = await store.saveValidation(run.id, {
          label: 'bugIntroducing (SZZ, 7d, ≥1 line)',
          report,
          notes: ['2 scored result(s) have no label'],
          now: at(-99_000),
        });
        const second = await store.saveValidation(run.id, {
          label: 'resolved = false is bad',
          report: { ...report, n: 3 },
          now: at(-98_000),
        });
        await store.saveValidation(later.id, { label: 'x', report, now: at(5) });
        expect(first).toMatchObject({
          runId: run.id,
          label: 'bugIntroducing (SZZ, 7d, ≥1 line)',
          notes: ['2 scored result(s) have no label'],
          createdAt: at(-99_000),
        });
        expect(first.id).toMatch(/^val_/);
        const listed = await store.listValidations({ runId: run.id });
        expect(listed.map((v) => v.id)).toEqual([second.id, first.id]);
        expect(listed[1]).toEqual(first);
        expect(listed[0]!.report.n).toBe(3);
        expect((await store.listValidations({ limit: 1 })).map((v) => v.runId)).toEqual([later.id]);
        expect(
          await fieldOf(
            store.saveValidation(run.id, { label: 'x', report: { ...report, kind: 'maybe' } as never, now: at(6) }),
          ),
        ).toBe('report.kind');
        expect(await codeOf(store.saveValidation('run_missing', { label: 'x', report, now: at(6) }))).toBe('not_found');
        expect((await store.listValidations({ runId: run.id })).length).toBe(2);
        await store.prune({ olderThan: at(-1_000) });
        expect((await store.listValidations()).map((v) => v.runId)).toEqual([later.id]);
      });
    });

    describe('judge cache', () => {
      it('returns what was set, null for unknown keys, and the newest value for a key set twice', async () => {
        const call = {
          answer: { categories: { agentPerformance: { score: 80 } } },
          usage: { inputTokens: 10, outputTokens: 5, cachedTokens: 0 },
          provider: 'openai',
          model: 'gpt-test',
          createdAt: T0,
        };
        expect(await store.judgeCache.get('k1')).toBeNull();
        await store.judgeCache.set('k1', call);
        expect(await store.judgeCache.get('k1')).toEqual(call);
        await store.judgeCache.set('k1', { ...call, model: 'gpt-newer' });
        expect((await store.judgeCache.get('k1'))?.model).toBe('gpt-newer');
      });
    });

    describe('outcome cache', () => {
      it('returns what was set, null for unknown keys, and the newest value for a key set twice', async () => {
        const rows = [{ taskId: 'FN-1', blamedLines: 3, bugIntroducing: true, revertShas: [] }];
        expect(await store.repositoryCache.get('tips-a')).toBeNull();
        await store.repositoryCache.set('tips-a', { rows }, T0);
        expect(await store.repositoryCache.get('tips-a')).toEqual({ rows });
        await store.repositoryCache.set('tips-a', { rows: [] }, T0);
        expect(await store.repositoryCache.get('tips-a')).toEqual({ rows: [] });
        expect(await store.repositoryCache.get('tips-b')).toBeNull();
      });
    });
  });
}
