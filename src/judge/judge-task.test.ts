import { describe, expect, it } from 'vitest';
import { createCostBudget } from './cost-budget.js';
import { JudgeConfigSchema, type JudgeConfig } from './judge-config.js';
import { createMemoryJudgeCache } from './judge-cache.js';
import { JudgeCallError } from './judge-call-error.js';
import { judgeTask, MAX_RAW_ANSWER_LENGTH, type JudgeTaskInput } from './judge-task.js';
import {
  createScriptedJudge,
  SAMPLE_TASK,
  sampleAssessment,
  sampleBundle,
  validAnswer,
  type ScriptedStep,
} from './testing/index.js';

const bundle = sampleBundle();
const IDS = ['commit-abc123', 'workflow-tests'];
const noWait = { sleep: async () => undefined };

/** The judge schema's defaults, overridden. */
const spec = (over: Partial<JudgeConfig>): JudgeConfig => ({ ...JudgeConfigSchema.parse({}), ...over });

function input(steps: ScriptedStep[], over: Partial<JudgeTaskInput> = {}) {
  const judge = createScriptedJudge(steps);
  return {
    judge,
    run: () =>
      judgeTask({ judge, task: SAMPLE_TASK, bundle, assessment: sampleAssessment(), backoff: noWait, ...over }),
  };
}

describe('judgeTask', () => {
  it('returns the verified answer with provenance and usage', async () => {
    const { run, judge } = input([
      { answer: validAnswer(IDS, [81, 72, 93]), usage: { inputTokens: 900, outputTokens: 120, cachedTokens: 50 } },
    ]);
    const outcome = await run();
    expect(outcome.status).toBe('ok');
    if (outcome.status !== 'ok') return;
    expect(outcome.judged.categories.agentPerformance).toEqual({
      score: 81,
      rationale: expect.any(String),
      evidence: IDS,
    });
    expect(outcome.provenance).toMatchObject({
      provider: 'scripted',
      model: 'scripted-1',
      cached: false,
      samples: 1,
      spread: null,
      costUsd: null,
    });
    expect(outcome.provenance.promptVersion).toMatch(/^[0-9a-f]{12}$/);
    expect(outcome.provenance.usage).toEqual({ inputTokens: 900, outputTokens: 120, cachedTokens: 50 });
    expect(outcome.calls).toBe(1);
  });

  it('retries a malformed answer with the validation error fed back, then succeeds', async () => {
    const bad = validAnswer(IDS);
    (bad.categories.agentPerformance as { score: unknown }).score = 80.5;
    const { run, judge } = input([{ answer: bad }, { answer: validAnswer(IDS) }]);
    const outcome = await run();
    expect(outcome.status).toBe('ok');
    expect(judge.requests).toHaveLength(2);
    expect(judge.requests[1]!.prompt).toContain('## Your previous answer was rejected');
    expect(judge.requests[1]!.prompt).toContain('categories.agentPerformance.score');
    expect(outcome.calls).toBe(2);
    expect(outcome.usage.inputTokens).toBe(2000);
  });

  it('gives an error with the reason and the bounded raw answer after 2 retries, never a score', async () => {
    const raw = `not json at all ${'x'.repeat(5000)}`;
    const { run, judge } = input([{ answer: raw }]);
    const outcome = await run();
    expect(judge.requests).toHaveLength(3);
    expect(outcome).toMatchObject({ status: 'error', transient: false, calls: 3 });
    if (outcome.status !== 'error') return;
    expect(outcome.reason).toMatch(/no valid answer in 3 attempts: the answer holds no JSON object/);
    expect(outcome.rawAnswer!.length).toBe(MAX_RAW_ANSWER_LENGTH);
    expect(outcome.rawAnswer!.startsWith('not json at all')).toBe(true);
    expect(outcome).not.toHaveProperty('judged');
  });

  it('removes invented ids and reports them; a category with none left is malformed and retried', async () => {
    const invented = validAnswer(['commit-abc123', 'commit-made-up']);
    const allInvented = validAnswer(['ghost-1']);
    const { run, judge } = input([{ answer: allInvented }, { answer: invented }]);
    const outcome = await run();
    expect(judge.requests[1]!.prompt).toMatch(
      /no evidence id .* is cited for agentPerformance, taskOutcomeQuality, processCompliance; these ids do not exist: ghost-1/,
    );
    expect(outcome.status).toBe('ok');
    if (outcome.status !== 'ok') return;
    expect(outcome.judged.categories.taskOutcomeQuality.evidence).toEqual(['commit-abc123']);
    expect(outcome.judged.citationIssues).toContainEqual({
      category: 'taskOutcomeQuality',
      id: 'commit-made-up',
      problem: 'unknown_id',
    });
  });

  it('uses the median per category over samples and records the spread', async () => {
    const { run, judge } = input(
      [
        { answer: validAnswer(IDS, [60, 90, 10]) },
        { answer: validAnswer(IDS, [80, 70, 20]) },
        { answer: validAnswer(IDS, [70, 95, 90]) },
      ],
      { spec: spec({ samples: 3 }) },
    );
    const outcome = await run();
    expect(judge.requests).toHaveLength(3);
    expect(outcome.status).toBe('ok');
    if (outcome.status !== 'ok') return;
    expect(outcome.judged.categories.agentPerformance.score).toBe(70);
    expect(outcome.judged.categories.taskOutcomeQuality.score).toBe(90);
    expect(outcome.judged.categories.processCompliance.score).toBe(20);
    expect(outcome.provenance.spread).toEqual({ agentPerformance: 20, taskOutcomeQuality: 25, processCompliance: 80 });
    expect(outcome.provenance.samples).toBe(3);
  });

  it('makes no call when the cache holds the answer, and counts the hit', async () => {
    const cache = createMemoryJudgeCache();
    const first = input([{ answer: validAnswer(IDS) }], { cache, spec: spec({ samples: 2 }) });
    await first.run();
    expect(cache.entries.size).toBe(2);
    const second = input([{ fail: new JudgeCallError('must not be called', { retryable: false, transient: false }) }], {
      cache,
      spec: spec({ samples: 2 }),
    });
    // Same provider and model as the first judge, so the keys match.
    const outcome = await second.run();
    expect(second.judge.requests).toHaveLength(0);
    expect(outcome).toMatchObject({ status: 'ok', calls: 0, cacheHits: 2, provenance: { cached: true } });
    expect(outcome.usage).toEqual({ inputTokens: 0, outputTokens: 0, cachedTokens: 0 });
    if (outcome.status === 'ok') expect(outcome.provenance.usage.inputTokens).toBe(2000);
  });

  it('misses the cache when the bundle, temperature or model changes', async () => {
    const cache = createMemoryJudgeCache();
    await input([{ answer: validAnswer(IDS) }], { cache }).run();
    const other = input([{ answer: validAnswer(['task-FN-1']) }], { cache, spec: spec({ temperature: 0.5 }) });
    await other.run();
    expect(other.judge.requests).toHaveLength(1);
    expect(cache.entries.size).toBe(2);
  });

  it('never caches an error', async () => {
    const cache = createMemoryJudgeCache();
    await input([{ answer: 'garbage' }], { cache }).run();
    await input([{ fail: new JudgeCallError('HTTP 500', { retryable: false, transient: true, status: 500 }) }], {
      cache,
    }).run();
    expect(cache.sets).toBe(0);
  });

  it('backs off on 429 honouring Retry-After, then succeeds', async () => {
    const waits: number[] = [];
    const rateLimited = new JudgeCallError('HTTP 429', {
      retryable: true,
      transient: true,
      status: 429,
      retryAfterMs: 7000,
    });
    const { run } = input(
      [
        { fail: rateLimited },
        { fail: new JudgeCallError('HTTP 503', { retryable: true, transient: true, status: 503 }) },
        { answer: validAnswer(IDS) },
      ],
      {
        backoff: { sleep: async (ms) => void waits.push(ms), random: () => 1, baseDelayMs: 100 },
      },
    );
    const outcome = await run();
    expect(outcome.status).toBe('ok');
    expect(waits).toEqual([7000, 200]);
  });

  it('gives a transient error when retries on 5xx run out', async () => {
    const { run, judge } = input(
      [{ fail: new JudgeCallError('HTTP 500: boom', { retryable: true, transient: true, status: 500 }) }],
      { backoff: { ...noWait, maxAttempts: 2 } },
    );
    const outcome = await run();
    expect(judge.requests).toHaveLength(3);
    expect(outcome).toMatchObject({
      status: 'error',
      transient: true,
      reason: expect.stringMatching(/HTTP 500: boom \(gave up after 3 attempts\)/),
    });
  });

  it('gives up when Retry-After would pass the total wait budget', async () => {
    const { run, judge } = input([
      {
        fail: new JudgeCallError('HTTP 429', { retryable: true, transient: true, status: 429, retryAfterMs: 600_000 }),
      },
    ]);
    const outcome = await run();
    expect(judge.requests).toHaveLength(1);
    expect(outcome).toMatchObject({ status: 'error', transient: true, reason: expect.stringMatching(/retry budget/) });
  });

  it('computes cost from a price and stops starting calls once the budget is spent', async () => {
    // Room for one call at its worst (its prompt and the whole output cap, about $0.0130 here: 1,984 prompt tokens estimated at $1/M and 5,514 at $2/M), not two.
    const budget = createCostBudget(0.014);
    const price = { inputPerMTok: 1, outputPerMTok: 2 };
    const first = await input(
      [{ answer: validAnswer(IDS), usage: { inputTokens: 1000, outputTokens: 500, cachedTokens: 0 } }],
      { budget, spec: spec({ model: 'scripted-1', prices: { 'scripted-1': price } }) },
    ).run();
    expect(first).toMatchObject({ status: 'ok', costUsd: 0.002, provenance: { costUsd: 0.002 } });
    const second = input([{ answer: validAnswer(IDS) }], {
      budget,
      spec: spec({ model: 'scripted-1', prices: { 'scripted-1': price } }),
    });
    const outcome = await second.run();
    expect(second.judge.requests).toHaveLength(0);
    expect(outcome).toMatchObject({
      status: 'error',
      transient: true,
      reason: expect.stringMatching(/cost limit of \$0\.014 would be passed \(spent \$0\.0020/),
    });
  });

  it('throws when cancelled instead of recording a result', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(input([{ answer: validAnswer(IDS) }], { signal: controller.signal }).run()).rejects.toMatchObject({
      code: 'cancelled',
    });
  });
});
