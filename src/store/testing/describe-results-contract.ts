import { describe, expect, it } from 'vitest';
import type { Store } from '../store.js';
import { buildSampleError, buildSampleResult, buildSampleSkipped } from '../build-sample-result.js';
import { at, codeOf, fieldOf, runInput, type StoreContractContext } from './store-contract-support.js';

/** Results and their events: kept once per run and task, atomically with their event, read back whole. Part of the Store contract. */
export function describeResultsContract(ctx: StoreContractContext): void {
  describe('results and events', () => {
    it('keeps one result per (run, task)', async () => {
      const run = await ctx.runIn('running');
      const other = await ctx.runIn('running');
      await ctx.store.saveResult(run.id, { result: buildSampleResult({ taskId: 'FN-1' }), now: at(2) });
      expect(await codeOf(ctx.store.saveResult(run.id, { result: buildSampleError('FN-1'), now: at(3) }))).toBe(
        'duplicate_result',
      );
      await ctx.store.saveResult(other.id, { result: buildSampleResult({ taskId: 'FN-1' }), now: at(3) });
      expect((await ctx.store.listResults({ taskId: 'FN-1' })).count).toBe(2);
    });

    it("keeps each result's cohort and filters listings by model, provider, agent and labels", async () => {
      const run = await ctx.runIn('running');
      const save = (
        taskId: string,
        cohort: {
          agent: string | null;
          modelProvider: string | null;
          modelId: string | null;
          labels: Record<string, string>;
        },
      ) => ctx.store.saveResult(run.id, { result: buildSampleResult({ taskId }), cohort, now: at(2) });
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
      await ctx.store.saveResult(run.id, { result: buildSampleResult({ taskId: 'FN-4' }), now: at(2) });
      const ids = async (q: Parameters<Store['listResults']>[0]) =>
        (await ctx.store.listResults({ ...q, sort: 'taskId', order: 'asc' })).items.map((r) => r.taskId);
      expect(await ids({ model: 'claude-sonnet-4-5' })).toEqual(['FN-1', 'FN-3']);
      expect(await ids({ provider: 'openai' })).toEqual(['FN-2']);
      expect(await ids({ agent: 'claude-code', labels: { prompt: 'v2' } })).toEqual(['FN-3']);
      expect(await ids({ labels: { 'config.file': 'CLAUDE.md@3f2a' } })).toEqual(['FN-2']);
      expect(await ids({ runId: run.id, model: 'gpt-5' })).toEqual(['FN-2']);
      const summary = (await ctx.store.listResults({ taskId: 'FN-2' })).items[0]!;
      expect(summary.cohort).toEqual({
        agent: 'codex',
        modelProvider: 'openai',
        modelId: 'gpt-5',
        labels: { prompt: 'v2', 'config.file': 'CLAUDE.md@3f2a' },
      });
      expect((await ctx.store.findResult({ taskId: 'FN-4', runId: run.id }))!.cohort).toEqual({
        agent: null,
        modelProvider: null,
        modelId: null,
        labels: {},
      });
      expect(await codeOf(ctx.store.listResults({ labels: { 'bad key': 'x' } }))).toBe('invalid_input');
    });

    it("keeps a result's identity, rubric, change size and costs, gives them in listings, and finds work no agent was named for", async () => {
      const run = await ctx.runIn('running');
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
      await ctx.store.saveResult(run.id, {
        result,
        cohort,
        taskSnapshot: { id: 'FN-1', tokenUsage: { inputTokens: 900, outputTokens: 300 }, agentCostUsd: 0.5 },
        now: at(2),
      });
      await ctx.store.saveResult(run.id, { result: buildSampleResult({ taskId: 'FN-2' }), now: at(2) });
      const saved = await ctx.store.findResult({ taskId: 'FN-1', runId: run.id });
      expect(saved).toMatchObject({ agent: 'claude', agentVersion: '2.0.14', modelId: 'claude-opus-4-5', identity });
      const summary = (await ctx.store.listResults({ taskId: 'FN-1' })).items[0]!;
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
      expect((await ctx.store.listResults({ agent: 'human or unknown' })).items.map((r) => r.taskId)).toEqual(['FN-2']);
    });

    it('lists each task once with latest: its newest result across runs', async () => {
      const first = await ctx.runIn('running');
      const second = await ctx.runIn('running');
      await ctx.store.saveResult(first.id, {
        result: buildSampleResult({ taskId: 'FN-1', evaluatedAt: at(2) }),
        now: at(2),
      });
      await ctx.store.saveResult(first.id, {
        result: buildSampleResult({ taskId: 'FN-2', evaluatedAt: at(2) }),
        now: at(2),
      });
      const newer = await ctx.store.saveResult(second.id, {
        result: buildSampleResult({ taskId: 'FN-1', evaluatedAt: at(3) }),
        now: at(3),
      });
      const page = await ctx.store.listResults({ latest: true, sort: 'taskId', order: 'asc' });
      expect(page.count).toBe(2);
      expect(page.items.map((r) => [r.taskId, r.runId])).toEqual([
        ['FN-1', second.id],
        ['FN-2', first.id],
      ]);
      expect(page.items[0]!.id).toBe(newer.id);
      expect((await ctx.store.listResults({})).count).toBe(3);
    });

    it("gives each task's newest scored result among the runs and times asked for, narrowed, in task order", async () => {
      const first = await ctx.runIn('running');
      const second = await ctx.runIn('running');
      const save = (runId: string, result: Parameters<Store['saveResult']>[1]['result'], hour: number, cohort = {}) =>
        ctx.store.saveResult(runId, { result, now: at(hour), cohort: { labels: {}, ...cohort } });
      await save(first.id, buildSampleResult({ taskId: 'FN-2', finals: [50, 50, 50], evaluatedAt: at(2) }), 2);
      await save(first.id, buildSampleResult({ taskId: 'FN-1', finals: [10, 20, 30], evaluatedAt: at(2) }), 2);
      const newer = await save(
        second.id,
        buildSampleResult({ taskId: 'FN-1', finals: [60, 70, 80], evaluatedAt: at(3) }),
        3,
        { agent: 'codex', modelProvider: 'openai', modelId: 'gpt-5', labels: { prompt: 'v2' } },
      );
      // A newer error or skip does not hide the task's scored result.
      await save(second.id, buildSampleError('FN-2'), 4);
      await save(first.id, buildSampleSkipped('FN-3'), 2);
      const read = async (query: Parameters<Store['scoredTaskChunks']>[0]) => {
        const rows = [];
        for await (const chunk of ctx.store.scoredTaskChunks(query)) rows.push(...chunk);
        return rows;
      };
      const all = await read({});
      expect(all.map((r) => [r.taskId, r.runId])).toEqual([
        ['FN-1', second.id],
        ['FN-2', first.id],
      ]);
      expect(all[0]).toMatchObject({
        id: newer.id,
        evaluatedAt: at(3),
        mode: 'hybrid',
        agent: 'codex',
        modelProvider: 'openai',
        modelId: 'gpt-5',
        labels: { prompt: 'v2' },
        scores: {
          agentPerformance: 60,
          taskOutcomeQuality: 70,
          processCompliance: 80,
          overall: newer.status === 'scored' ? newer.overallScore : -1,
        },
      });
      expect(all[1]!.labels).toEqual({});
      expect((await read({ runIds: [first.id] })).map((r) => [r.taskId, r.scores.agentPerformance])).toEqual([
        ['FN-1', 10],
        ['FN-2', 50],
      ]);
      expect((await read({ until: at(2) })).map((r) => r.runId)).toEqual([first.id, first.id]);
      expect(await read({ since: at(5) })).toEqual([]);
      await expect(read({ since: 'yesterday' })).rejects.toMatchObject({ code: 'invalid_input' });
    });

    it('numbers events 1, 2, 3 per run, independently across runs', async () => {
      const a = await ctx.store.createRun(runInput());
      const b = await ctx.store.createRun(runInput());
      await ctx.store.transitionRun(a.id, 'running', { now: at(1) });
      await ctx.store.appendEvent(b.id, { type: 'warning', message: 'b first', now: at(1) });
      await ctx.store.saveResult(a.id, { result: buildSampleResult({ taskId: 'FN-1' }), now: at(2) });
      await ctx.store.appendEvent(a.id, { type: 'info', message: 'note', data: { n: 1 }, now: at(3) });
      const events = await ctx.store.listEvents(a.id);
      expect(events.map((e) => [e.seq, e.type])).toEqual([
        [1, 'status_changed'],
        [2, 'task_evaluated'],
        [3, 'info'],
      ]);
      expect(events[2]).toMatchObject({ runId: a.id, message: 'note', data: { n: 1 }, createdAt: at(3) });
      expect((await ctx.store.listEvents(b.id)).map((e) => e.seq)).toEqual([1]);
      expect((await ctx.store.listEvents(a.id, { afterSeq: 1, limit: 1 })).map((e) => e.seq)).toEqual([2]);
    });

    it('writes a result and its event together or not at all', async () => {
      const run = await ctx.runIn('running');
      await ctx.breakEventInserts();
      expect(
        await codeOf(ctx.store.saveResult(run.id, { result: buildSampleResult({ taskId: 'FN-1' }), now: at(2) })),
      ).toBe('store_failed');
      expect(await ctx.store.findResult({ taskId: 'FN-1', runId: run.id })).toBeNull();
      expect((await ctx.store.listResults({ runId: run.id })).count).toBe(0);
    });

    it('saves a batch of results with their events in one transaction, all or none', async () => {
      const run = await ctx.runIn('running');
      const saved = await ctx.store.saveResults(run.id, [
        { result: buildSampleResult({ taskId: 'FN-1' }), now: at(2) },
        { result: buildSampleError('FN-2'), now: at(2) },
      ]);
      expect(saved.map((r) => r.taskId)).toEqual(['FN-1', 'FN-2']);
      expect(
        (await ctx.store.listEvents(run.id)).map((e) => [e.seq, e.type, (e.data as { resultId?: string }).resultId]),
      ).toEqual([
        [1, 'status_changed', undefined],
        [2, 'task_evaluated', saved[0]!.id],
        [3, 'task_evaluated', saved[1]!.id],
      ]);
      const batch = [
        { result: buildSampleResult({ taskId: 'FN-3' }), now: at(3) },
        { result: buildSampleSkipped('FN-1'), now: at(3) },
      ];
      expect(await codeOf(ctx.store.saveResults(run.id, batch))).toBe('duplicate_result');
      expect(await ctx.store.resultTaskIds(run.id)).toEqual(['FN-1', 'FN-2']);
      expect(await ctx.store.listEvents(run.id)).toHaveLength(3);
      expect(
        await fieldOf(
          ctx.store.saveResults(run.id, [
            batch[0]!,
            { result: { taskId: 'FN-4', status: 'scored' }, now: at(3) } as never,
          ]),
        ),
      ).toBe('result.mode');
      expect(await ctx.store.saveResults(run.id, [])).toEqual([]);
    });

    it('rejects a result that breaks the contract, naming the field', async () => {
      const run = await ctx.runIn('running');
      const bad = { ...buildSampleResult({ taskId: 'FN-1' }), overallScore: 101 };
      expect(await fieldOf(ctx.store.saveResult(run.id, { result: bad, now: at(2) }))).toBe('result.overallScore');
      const wrongBand = {
        ...buildSampleResult({ taskId: 'FN-1', finals: [80, 90, 70] }),
        overallBand: 'weak' as const,
      };
      expect(await fieldOf(ctx.store.saveResult(run.id, { result: wrongBand, now: at(2) }))).toBe('result.overallBand');
      const noBundle = { ...buildSampleResult({ taskId: 'FN-1' }), evidenceBundle: { taskId: 'FN-1' } } as never;
      expect(await codeOf(ctx.store.saveResult(run.id, { result: noBundle, now: at(2) }))).toBe('invalid_input');
      expect(
        await fieldOf(ctx.store.saveResult(run.id, { result: buildSampleSkipped('FN-1'), now: 'yesterday' })),
      ).toBe('now');
    });

    it('returns a saved result whole: breakdown, bundle, signals, provenance and snapshot', async () => {
      const run = await ctx.runIn('running');
      const result = buildSampleResult({ taskId: 'FN-1' });
      const snapshot = { id: 'FN-1', title: 'Task FN-1', column: 'done' };
      const cohort = {
        agent: 'claude-code',
        modelProvider: 'anthropic',
        modelId: 'claude-sonnet-4-5',
        labels: { prompt: 'v2' },
      };
      const saved = await ctx.store.saveResult(run.id, {
        result,
        taskSnapshot: snapshot,
        completedAt: at(-60),
        cohort,
        now: at(2),
      });
      expect(saved.id).toMatch(/^res_[0-9a-f]{32}$/);
      const loaded = await ctx.store.getResult(saved.id);
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
      expect(await ctx.store.findResult({ taskId: 'FN-1' })).toEqual(loaded);
      const error = await ctx.store.saveResult(run.id, { result: buildSampleError('FN-2', true), now: at(3) });
      expect(await ctx.store.getResult(error.id)).toMatchObject({
        status: 'error',
        reason: 'judge timed out',
        transient: true,
      });
      expect(await ctx.store.resultTaskIds(run.id)).toEqual(['FN-1', 'FN-2']);
    });

    it('finds the latest result of a task when no run is given', async () => {
      const first = await ctx.runIn('running');
      const second = await ctx.runIn('running');
      await ctx.store.saveResult(first.id, {
        result: buildSampleResult({ taskId: 'FN-1', finals: [10, 10, 10] }),
        now: at(2),
      });
      await ctx.store.saveResult(second.id, {
        result: buildSampleResult({ taskId: 'FN-1', finals: [90, 90, 90] }),
        now: at(5),
      });
      expect(await ctx.store.findResult({ taskId: 'FN-1' })).toMatchObject({ runId: second.id, overallScore: 90 });
      expect(await ctx.store.findResult({ taskId: 'FN-1', runId: first.id })).toMatchObject({ overallScore: 10 });
      expect(await ctx.store.findResult({ taskId: 'FN-404' })).toBeNull();
      const history = await ctx.store.taskHistory('FN-1');
      expect(history.count).toBe(2);
      expect(history.items.map((r) => [r.runId, r.overallScore])).toEqual([
        [first.id, 10],
        [second.id, 90],
      ]);
    });
  });
}
