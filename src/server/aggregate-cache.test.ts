import { describe, expect, it } from 'vitest';
import { createAggregateCache } from './aggregate-cache.js';

describe('createAggregateCache', () => {
  it('computes a question once per data version, and again when the data changes', async () => {
    let version = 'v1';
    let computed = 0;
    const cache = createAggregateCache({ dataVersion: async () => version });
    const ask = () => cache('compare?by=model', async () => ++computed);
    expect(await Promise.all([ask(), ask()])).toEqual([1, 1]);
    expect(await ask()).toBe(1);
    version = 'v2';
    expect(await ask()).toBe(2);
  });

  it('does not keep a failure, and drops the least recently used question past its size', async () => {
    const cache = createAggregateCache({ dataVersion: async () => 'v' }, 2);
    await expect(cache('a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache('a', async () => 'ok')).toBe('ok');
    await cache('b', async () => 'b');
    await cache('a', async () => 'a again');
    await cache('c', async () => 'c');
    // b was used least recently: computed again; a is still kept.
    expect(await cache('b', async () => 'b2')).toBe('b2');
    expect(await cache('c', async () => 'c2')).toBe('c');
  });

  it('keeps an immutable answer across data versions', async () => {
    let version = 1;
    const cache = createAggregateCache({ dataVersion: async () => String(version) });
    let computed = 0;
    const ask = () => cache('finished run', async () => ++computed, { immutable: true });
    expect(await ask()).toBe(1);
    version = 2;
    expect(await ask()).toBe(1);
    expect(computed).toBe(1);
  });
});
