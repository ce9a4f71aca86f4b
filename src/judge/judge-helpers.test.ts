import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.js';
import { createCostBudget } from './cost-budget.js';
import { judgeCacheKey } from './judge-cache.js';
import { parseRetryAfter } from './judge-call-error.js';
import { costOf } from './judge-cost.js';
import { medianScore } from './median-score.js';
import { redactSecrets } from './redact-secrets.js';

describe('medianScore', () => {
  it('takes the middle of an odd count and rounds the mean of the middle two half up', () => {
    expect(medianScore([90, 10, 50])).toBe(50);
    expect(medianScore([80, 85])).toBe(83);
    expect(medianScore([80, 81, 10, 100])).toBe(81);
    expect(medianScore([7])).toBe(7);
  });
});

describe('costOf', () => {
  it('bills fresh input, cached input and output at their prices', () => {
    expect(
      costOf(
        { inputTokens: 1_000_000, outputTokens: 1_000_000, cachedTokens: 0 },
        { inputPerMTok: 3, outputPerMTok: 15 },
      ),
    ).toBe(18);
    expect(
      costOf(
        { inputTokens: 1_000_000, outputTokens: 0, cachedTokens: 500_000 },
        { inputPerMTok: 2, outputPerMTok: 8, cachedPerMTok: 0.5 },
      ),
    ).toBe(1.25);
  });
});

describe('createCostBudget', () => {
  it("holds each call's worst case until it settles, so calls in flight together can never pass the limit", () => {
    const budget = createCostBudget(1);
    const a = budget.reserve(0.4)!;
    const b = budget.reserve(0.4)!;
    // A third call that might cost 0.4 would pass 1.00 if all three cost their worst: it is not started.
    expect(budget.reserve(0.4)).toBeNull();
    a.settle(0.1);
    b.settle(0.1);
    expect(budget.spentUsd).toBeCloseTo(0.2);
    expect(budget.reservedUsd).toBe(0);
    expect(budget.reserve(0.8)).not.toBeNull();
    expect(createCostBudget().reserve(1e9)).not.toBeNull();
  });
});

describe('judgeCacheKey', () => {
  const parts = {
    bundleDigest: 'a'.repeat(64),
    rubricVersion: 'r1',
    promptVersion: 'p1',
    provider: 'openai',
    model: 'm',
    spec: { temperature: 0 },
    sample: 0,
  };
  it('is a sha256 hex that changes with every part', () => {
    const key = judgeCacheKey(parts);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(judgeCacheKey({ ...parts })).toBe(key);
    for (const change of [
      { bundleDigest: 'b'.repeat(64) },
      { rubricVersion: 'r2' },
      { promptVersion: 'p2' },
      { provider: 'anthropic' },
      { model: 'n' },
      { spec: { temperature: 0.2 } },
      { spec: { temperature: 0, maxTokens: 800 } },
      { sample: 1 },
      { dropped: { taskActivity: 3 } },
    ]) {
      expect(judgeCacheKey({ ...parts, ...change })).not.toBe(key);
    }
    // Nothing left out is the key of the whole bundle, as before fitting existed.
    expect(judgeCacheKey({ ...parts, dropped: {} })).toBe(key);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds, milliseconds and HTTP dates', () => {
    expect(parseRetryAfter({ 'retry-after': '2' })).toBe(2000);
    expect(parseRetryAfter({ 'Retry-After-Ms': '150' })).toBe(150);
    expect(
      parseRetryAfter({ 'retry-after': 'Wed, 21 Oct 2015 07:28:05 GMT' }, Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')),
    ).toBe(5000);
    expect(parseRetryAfter({ 'retry-after': 'soon' })).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});

describe('backoffDelay', () => {
  it('doubles with jitter in [½, 1] up to the cap, and follows Retry-After when given', () => {
    expect(backoffDelay(0, undefined, { baseDelayMs: 1000, random: () => 0 })).toBe(500);
    expect(backoffDelay(3, undefined, { baseDelayMs: 1000, random: () => 1 })).toBe(8000);
    expect(backoffDelay(10, undefined, { baseDelayMs: 1000, maxDelayMs: 5000, random: () => 1 })).toBe(5000);
    expect(backoffDelay(0, 4200)).toBe(4200);
  });
});

describe('redactSecrets', () => {
  it('replaces every occurrence of each secret', () => {
    expect(redactSecrets('key sk-abcdef and sk-abcdef again', ['sk-abcdef', undefined])).toBe(
      'key [redacted] and [redacted] again',
    );
  });
});
