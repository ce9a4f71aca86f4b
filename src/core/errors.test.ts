import { describe, expect, it } from 'vitest';
import { ConfigError, ERROR_CODES_BY_CLASS, JudgeError, LifecycleError, SourceError, StoreError } from './errors.js';

describe('error classes and their codes', () => {
  it('gives each class only its own codes (checked by the compiler) and names the class', () => {
    const error = new StoreError('store_corrupt', 'damaged');
    expect(error).toMatchObject({ name: 'StoreError', code: 'store_corrupt' });
    // @ts-expect-error a store error cannot carry a judge code
    void new StoreError('judge_failed', 'x');
    // @ts-expect-error a lifecycle error cannot carry a usage code
    void new LifecycleError('usage', 'x');
    // @ts-expect-error a config error cannot carry a store code
    void new ConfigError('store_failed', 'x');
    expect(new SourceError('cancelled', 'x').code).toBe('cancelled');
    expect(new JudgeError('cancelled', 'x').code).toBe('cancelled');
  });

  it('lists every code under at least one class, each once per class', () => {
    for (const codes of Object.values(ERROR_CODES_BY_CLASS)) expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(Object.values(ERROR_CODES_BY_CLASS).flat()).size).toBe(23);
  });
});
