import { describe, expect, it } from 'vitest';
import { TASK_COUNTER_FIELDS } from '../core/index.js';
import { collectMetadataEntries } from './collect-metadata-entries.js';
import { buildTask } from './testing/evidence-builders.js';

const byId = (drafts: ReturnType<typeof collectMetadataEntries>) => new Map(drafts.map((d) => [d.entry.id, d.entry]));

describe('collectMetadataEntries', () => {
  it('always gives spec, outcome, branch, execution and counters, and nothing for absent PR, merge, tokens, model, history', () => {
    const ids = collectMetadataEntries(buildTask(), null).map((d) => d.entry.id);
    expect(ids.sort()).toEqual(['task-branch', 'task-counters', 'task-execution', 'task-outcome', 'task-spec']);
  });

  it('treats Fusion\'s "[]" placeholders for prInfo and mergeDetails as absent', () => {
    const ids = collectMetadataEntries(buildTask({ prInfo: [], mergeDetails: [] }), null).map((d) => d.entry.id);
    expect(ids).not.toContain('task-pr');
    expect(ids).not.toContain('task-merge');
  });

  it("describes the spec with title, prompt excerpt and the task's lane, size and review level", () => {
    const spec = byId(
      collectMetadataEntries(
        buildTask({
          title: 'Fix login',
          prompt: 'Full spec',
          description: 'short',
          column: 'done',
          status: 'idle',
          size: 'M',
          reviewLevel: 2,
          priority: 'high',
          createdAt: '2026-04-01T10:00:00.000Z',
        }),
        null,
      ),
    ).get('task-spec')!;
    expect(spec).toMatchObject({ label: 'Fix login', excerpt: 'Full spec', timestamp: '2026-04-01T10:00:00.000Z' });
    expect(spec.ref).toEqual({
      taskId: 'FN-1',
      column: 'done',
      status: 'idle',
      size: 'M',
      reviewLevel: 2,
      priority: 'high',
    });
  });

  it('reports an error outcome with hasError and the error text when there is no summary', () => {
    const outcome = byId(
      collectMetadataEntries(buildTask({ column: 'in-progress', error: 'Agent crashed' }), null),
    ).get('task-outcome')!;
    expect(outcome.excerpt).toBe('Agent crashed');
    expect(outcome.ref).toEqual({ taskId: 'FN-1', column: 'in-progress', status: null, hasError: true });
  });

  it('gives PR and merge entries with their drill-down refs when the task has them', () => {
    const entries = byId(
      collectMetadataEntries(
        buildTask({
          prInfo: {
            number: 42,
            url: 'https://example.test/pr/42',
            status: 'merged',
            headBranch: 'fusion/fn-1',
            baseBranch: 'main',
          },
          mergeDetails: {
            commitSha: 'abc123',
            mergedAt: '2026-04-02T10:00:00.000Z',
            mergeConfirmed: true,
            filesChanged: 3,
            insertions: 10,
            deletions: 2,
            mergeCommitMessage: 'feat(FN-1): x',
            attemptsMade: 1,
          },
        }),
        null,
      ),
    );
    expect(entries.get('task-pr')!.ref).toEqual({
      taskId: 'FN-1',
      prNumber: 42,
      prUrl: 'https://example.test/pr/42',
      prStatus: 'merged',
      headBranch: 'fusion/fn-1',
      baseBranch: 'main',
    });
    const merge = entries.get('task-merge')!;
    expect(merge).toMatchObject({ timestamp: '2026-04-02T10:00:00.000Z', excerpt: 'feat(FN-1): x' });
    expect(merge.ref).toEqual({
      taskId: 'FN-1',
      mergeCommitSha: 'abc123',
      mergedAt: '2026-04-02T10:00:00.000Z',
      mergeConfirmed: true,
      filesChanged: 3,
      insertions: 10,
      deletions: 2,
      resolutionStrategy: null,
      attemptsMade: 1,
    });
  });

  it('lists every counter in the ref, null when absent, and names the non-zero ones in the label', () => {
    const counters = byId(
      collectMetadataEntries(buildTask({ mergeRetries: 2, stuckKillCount: 1, postReviewFixCount: 0 }), null),
    ).get('task-counters')!;
    expect(Object.keys(counters.ref).sort()).toEqual(['taskId', ...TASK_COUNTER_FIELDS].sort());
    expect(counters.ref).toMatchObject({
      mergeRetries: 2,
      stuckKillCount: 1,
      postReviewFixCount: 0,
      recoveryRetryCount: null,
    });
    expect(counters.label).toBe('Counters: mergeRetries 2, stuckKillCount 1');
  });

  it("reads tokens from Fusion's flat columns and prefers a tokenUsage object", () => {
    const flat = byId(
      collectMetadataEntries(buildTask({ tokenUsageInputTokens: 100, tokenUsageTotalTokens: 150 }), null),
    ).get('task-tokens')!;
    expect(flat.ref).toEqual({
      taskId: 'FN-1',
      inputTokens: 100,
      outputTokens: null,
      cachedTokens: null,
      totalTokens: 150,
    });
    const nested = byId(
      collectMetadataEntries(buildTask({ tokenUsage: { totalTokens: 9 }, tokenUsageTotalTokens: 150 }), null),
    ).get('task-tokens')!;
    expect(nested.ref.totalTokens).toBe(9);
  });

  it("shows what the agent's tokens cost with them, when known", () => {
    const priced = byId(
      collectMetadataEntries(buildTask({ tokenUsage: { totalTokens: 1_200 }, agentCostUsd: 0.4213 }), null),
    ).get('task-tokens')!;
    expect(priced).toMatchObject({ label: 'Tokens: 1200 total, $0.42', ref: { totalTokens: 1_200, costUsd: 0.4213 } });
    expect(
      byId(collectMetadataEntries(buildTask({ tokenUsage: { totalTokens: 9 } }), null)).get('task-tokens')!.ref,
    ).not.toHaveProperty('costUsd');
  });

  it('gives the model when either provider or id is known', () => {
    const model = byId(collectMetadataEntries(buildTask({ modelId: 'claude-x' }), null)).get('task-model')!;
    expect(model.ref).toEqual({ taskId: 'FN-1', modelProvider: null, modelId: 'claude-x' });
  });

  it('names the agent and its version when known, and leaves the entry out when neither is', () => {
    const agent = byId(collectMetadataEntries(buildTask({ agent: 'codex', agentVersion: '0.46.0' }), null)).get(
      'task-agent',
    )!;
    expect(agent).toMatchObject({
      label: 'Agent: codex 0.46.0',
      ref: { taskId: 'FN-1', agent: 'codex', agentVersion: '0.46.0' },
    });
    expect(byId(collectMetadataEntries(buildTask(), null)).has('task-agent')).toBe(false);
  });

  it('adds history signals with revert shas joined by commas and the number of later fixes', () => {
    const history = {
      reverted: true,
      revertShas: ['aaa', 'bbb'],
      laterFixShas: ['ccc'],
      firstCommitAt: '2026-04-01T00:00:00Z',
      lastCommitAt: '2026-04-03T00:00:00Z',
    };
    const entry = byId(collectMetadataEntries(buildTask(), history)).get('task-history')!;
    expect(entry.ref).toEqual({
      taskId: 'FN-1',
      hindsight: true,
      reverted: true,
      revertShas: 'aaa,bbb',
      laterFixes: 1,
      firstCommitAt: '2026-04-01T00:00:00Z',
      lastCommitAt: '2026-04-03T00:00:00Z',
    });
  });

  it('says later history was not read at evaluation time, and gives what came before the task', () => {
    const history = {
      reverted: false,
      revertShas: [],
      laterFixShas: [],
      firstCommitAt: null,
      lastCommitAt: null,
      hindsight: false,
      prior: { commits: 4, fixes: 1, hottestFile: 3 },
    };
    const entries = byId(collectMetadataEntries(buildTask(), history));
    expect(entries.get('task-history')!.label).toBe(
      'History: what happened after the task was not read (evaluation time)',
    );
    expect(entries.get('task-history')!.ref).toMatchObject({ hindsight: false });
    expect(entries.get('task-prior')!.ref).toEqual({
      taskId: 'FN-1',
      priorCommits: 4,
      hottestFile: 3,
      priorFixes: 1,
      hoursSinceChange: null,
    });
  });
});
