import { describe, expect, it } from 'vitest';
import { retryOnDeadlock } from './retry-on-deadlock.js';

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('retryOnDeadlock', () => {
  it('runs the change again after a deadlock, and gives its result', async () => {
    let calls = 0;
    const result = await retryOnDeadlock(async () => {
      calls += 1;
      if (calls < 3) throw deadlock();
      return 'created';
    });
    expect(result).toBe('created');
    expect(calls).toBe(3);
  });

  it('throws any other error at once, and a deadlock that does not clear after 8 attempts', async () => {
    let calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls += 1;
        throw new Error('permission denied for schema pgboss');
      }),
    ).rejects.toThrow('permission denied');
    expect(calls).toBe(1);
    calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls += 1;
        throw deadlock();
      }),
    ).rejects.toThrow('deadlock detected');
    expect(calls).toBe(8);
  });
});
