import { describe, expect, it } from 'vitest';
import { buildSampleError, buildSampleResult } from '../build-sample-result.js';
import {
  T0,
  at,
  codeOf,
  fieldOf,
  runInput,
  sampleValidation,
  type StoreContractContext,
} from './store-contract-support.js';

/** What a store keeps beside results: retention and recovery, spend and validations, the judge and repository caches. Part of the Store contract. */
export function describeKeptDataContract(ctx: StoreContractContext): void {
  describe('retention and recovery', () => {
    it('changes its data version when a result is saved or a run pruned, and only then', async () => {
      const run = await ctx.runIn('running');
      const before = await ctx.store.dataVersion();
      expect(await ctx.store.dataVersion()).toBe(before);
      await ctx.store.listResults({ runId: run.id });
      expect(await ctx.store.dataVersion()).toBe(before);
      await ctx.store.saveResult(run.id, { result: buildSampleResult({ taskId: 'FN-7' }), now: at(3) });
      const saved = await ctx.store.dataVersion();
      expect(saved).not.toBe(before);
      await ctx.store.transitionRun(run.id, 'completed', { now: at(4) });
      const done = await ctx.store.dataVersion();
      await ctx.store.prune({ olderThan: at(100) });
      expect(await ctx.store.dataVersion()).not.toBe(done);
    });

    it('prunes terminal runs older than the cut-off with their results and events, and reports them', async () => {
      const old = await ctx.store.createRun(runInput({ now: at(-100_000) }));
      await ctx.store.transitionRun(old.id, 'running', { now: at(-99_995) });
      await ctx.store.saveResult(old.id, { result: buildSampleResult({ taskId: 'FN-1' }), now: at(-99_990) });
      await ctx.store.saveResult(old.id, { result: buildSampleResult({ taskId: 'FN-2' }), now: at(-99_990) });
      await ctx.store.transitionRun(old.id, 'completed', { now: at(-99_980) });
      const oldActive = await ctx.store.createRun(runInput({ now: at(-100_000) }));
      const recent = await ctx.runIn('completed', { now: at(0) });
      // A dry run reports exactly what a prune would delete, and deletes nothing.
      const preview = await ctx.store.prune({ olderThan: at(-1_000), dryRun: true });
      expect(preview).toEqual({ runs: 1, results: 2, events: 4, runIds: [old.id] });
      expect((await ctx.store.listResults({ runId: old.id })).count).toBe(2);
      const report = await ctx.store.prune({ olderThan: at(-1_000) });
      // Events of the old run: running, 2 × task_evaluated, completed.
      expect(report).toEqual({ runs: 1, results: 2, events: 4, runIds: [old.id] });
      expect(await codeOf(ctx.store.getRun(old.id))).toBe('not_found');
      expect((await ctx.store.listResults({ runId: old.id })).count).toBe(0);
      expect((await ctx.store.getRun(oldActive.id)).status).toBe('pending');
      expect((await ctx.store.getRun(recent.id)).status).toBe('completed');
      expect(await ctx.store.prune({ olderThan: at(-1_000) })).toEqual({ runs: 0, results: 0, events: 0, runIds: [] });
    });

    it('fails active runs whose heartbeat went stale, with reason interrupted', async () => {
      const stale = await ctx.runIn('running');
      const fresh = await ctx.runIn('running');
      const stalePending = await ctx.store.createRun(runInput({ trigger: 'schedule' }));
      await ctx.store.heartbeat(fresh.id, at(10));
      const recovered = await ctx.store.recoverStaleRuns(at(10), 60_000);
      expect(recovered.map((r) => r.id).sort()).toEqual([stale.id, stalePending.id].sort());
      expect(recovered[0]).toMatchObject({ status: 'failed', reason: 'interrupted', finishedAt: at(10) });
      expect((await ctx.store.getRun(fresh.id)).status).toBe('running');
      expect((await ctx.store.listEvents(stale.id)).at(-1)).toMatchObject({
        type: 'status_changed',
        data: { from: 'running', to: 'failed', reason: 'interrupted' },
      });
      expect((await ctx.store.createRun(runInput({ trigger: 'schedule', now: at(11) }))).status).toBe('pending');
    });

    it('keeps the settings a run was created with, and never recovers a queued run as stale (its workers own it)', async () => {
      const judge = {
        provider: 'openai-compatible',
        model: 'm',
        baseUrl: 'http://127.0.0.1:9/v1',
        temperature: 0.2,
        samples: 3,
      };
      const queued = await ctx.store.createRun(
        runInput({ settings: { judge, labels: { prompt: 'v2' }, queued: true } }),
      );
      await ctx.store.transitionRun(queued.id, 'running', { now: at(0) });
      const local = await ctx.runIn('running');
      expect((await ctx.store.getRun(queued.id)).settings).toEqual({ judge, labels: { prompt: 'v2' }, queued: true });
      expect(local.settings).toEqual({ judge: null, labels: {}, queued: false });
      const recovered = await ctx.store.recoverStaleRuns(at(10), 60_000);
      expect(recovered.map((r) => r.id)).toEqual([local.id]);
      expect((await ctx.store.getRun(queued.id)).status).toBe('running');
    });

    it('finds the latest completed run of a project and trigger', async () => {
      expect(await ctx.store.latestCompletedRun({ projectId: 'proj', trigger: 'schedule' })).toBeNull();
      const first = await ctx.runIn('completed', { trigger: 'schedule', window: { start: null, end: at(0) } });
      await ctx.runIn('failed', { trigger: 'schedule', now: at(5) });
      const second = await ctx.store.createRun(
        runInput({ trigger: 'schedule', now: at(10), window: { start: at(0), end: at(10) } }),
      );
      await ctx.store.transitionRun(second.id, 'running', { now: at(11) });
      expect((await ctx.store.latestCompletedRun({ projectId: 'proj', trigger: 'schedule' }))?.id).toBe(first.id);
      await ctx.store.transitionRun(second.id, 'completed', { now: at(12) });
      expect(await ctx.store.latestCompletedRun({ projectId: 'proj', trigger: 'schedule' })).toMatchObject({
        id: second.id,
        window: { end: at(10) },
      });
    });
  });

  describe('spend and validations', () => {
    it("sums a run's judge tokens and costs and its agents' tokens and costs, counting the results each is known for", async () => {
      const run = await ctx.runIn('running');
      expect(await ctx.store.runSpend(run.id)).toEqual({
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
      await ctx.store.saveResult(run.id, {
        result: buildSampleResult({ taskId: 'FN-1' }),
        taskSnapshot: { id: 'FN-1', tokenUsage: { totalTokens: 1200 }, agentCostUsd: 0.42 },
        now: at(1),
      });
      await ctx.store.saveResult(run.id, {
        result: buildSampleResult({ taskId: 'FN-2' }),
        taskSnapshot: { id: 'FN-2', tokenUsage: { inputTokens: 300, outputTokens: 100 } },
        now: at(2),
      });
      await ctx.store.saveResult(run.id, { result: buildSampleError('FN-3'), now: at(3) });
      const other = await ctx.runIn('running');
      await ctx.store.saveResult(other.id, {
        result: buildSampleResult({ taskId: 'FN-1' }),
        taskSnapshot: { tokenUsage: { totalTokens: 9 } },
        now: at(4),
      });
      expect(await ctx.store.runSpend(run.id)).toEqual({
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
      expect(await codeOf(ctx.store.runSpend('run_missing'))).toBe('not_found');
    });

    it('keeps what validate said of a run, lists it newest first, refuses a malformed report, and deletes it with the run', async () => {
      const run = await ctx.store.createRun(runInput({ now: at(-100_000) }));
      await ctx.store.transitionRun(run.id, 'running', { now: at(-99_999) });
      await ctx.store.transitionRun(run.id, 'completed', { now: at(-99_998) });
      const later = await ctx.runIn('completed');
      const report = sampleValidation();
      const first = await ctx.store.saveValidation(run.id, {
        label: 'bugIntroducing (SZZ, 7d, ≥1 line)',
        report,
        notes: ['2 scored result(s) have no label'],
        now: at(-99_000),
      });
      const second = await ctx.store.saveValidation(run.id, {
        label: 'resolved = false is bad',
        report: { ...report, n: 3 },
        now: at(-98_000),
      });
      await ctx.store.saveValidation(later.id, { label: 'x', report, now: at(5) });
      expect(first).toMatchObject({
        runId: run.id,
        label: 'bugIntroducing (SZZ, 7d, ≥1 line)',
        notes: ['2 scored result(s) have no label'],
        createdAt: at(-99_000),
      });
      expect(first.id).toMatch(/^val_/);
      const listed = await ctx.store.listValidations({ runId: run.id });
      expect(listed.map((v) => v.id)).toEqual([second.id, first.id]);
      expect(listed[1]).toEqual(first);
      expect(listed[0]!.report.n).toBe(3);
      expect((await ctx.store.listValidations({ limit: 1 })).map((v) => v.runId)).toEqual([later.id]);
      expect(
        await fieldOf(
          ctx.store.saveValidation(run.id, { label: 'x', report: { ...report, kind: 'maybe' } as never, now: at(6) }),
        ),
      ).toBe('report.kind');
      expect(await codeOf(ctx.store.saveValidation('run_missing', { label: 'x', report, now: at(6) }))).toBe(
        'not_found',
      );
      expect((await ctx.store.listValidations({ runId: run.id })).length).toBe(2);
      await ctx.store.prune({ olderThan: at(-1_000) });
      expect((await ctx.store.listValidations()).map((v) => v.runId)).toEqual([later.id]);
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
      expect(await ctx.store.judgeCache.get('k1')).toBeNull();
      await ctx.store.judgeCache.set('k1', call);
      expect(await ctx.store.judgeCache.get('k1')).toEqual(call);
      await ctx.store.judgeCache.set('k1', { ...call, model: 'gpt-newer' });
      expect((await ctx.store.judgeCache.get('k1'))?.model).toBe('gpt-newer');
    });
  });

  describe('outcome cache', () => {
    it('returns what was set, null for unknown keys, and the newest value for a key set twice', async () => {
      const rows = [{ taskId: 'FN-1', blamedLines: 3, bugIntroducing: true, revertShas: [] }];
      expect(await ctx.store.repositoryCache.get('tips-a')).toBeNull();
      await ctx.store.repositoryCache.set('tips-a', { rows }, T0);
      expect(await ctx.store.repositoryCache.get('tips-a')).toEqual({ rows });
      await ctx.store.repositoryCache.set('tips-a', { rows: [] }, T0);
      expect(await ctx.store.repositoryCache.get('tips-a')).toEqual({ rows: [] });
      expect(await ctx.store.repositoryCache.get('tips-b')).toBeNull();
    });
  });
}
