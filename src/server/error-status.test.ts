import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LifecycleError, StoreError } from '../core/index.js';
import { ApiError, errorStatus } from './error-status.js';

describe('errorStatus', () => {
  it.each([
    [new StoreError('invalid_input', 'listResults: limit: too big', { field: 'limit' }), 400, 'invalid_input'],
    [new StoreError('not_found', 'run x does not exist'), 404, 'not_found'],
    [new LifecycleError('active_run_conflict', 'busy'), 409, 'active_run_conflict'],
    [new ApiError('unauthorized', 'no'), 401, 'unauthorized'],
    [new ApiError('unavailable', 'no'), 503, 'unavailable'],
    [new StoreError('store_failed', '/secret/path: disk full'), 500, 'internal'],
    [new TypeError('x is undefined'), 500, 'internal'],
  ])('maps %s to %i', (error, status, code) => {
    const mapped = errorStatus(error);
    expect(mapped.status).toBe(status);
    expect(mapped.body.code).toBe(code);
  });

  it('keeps the field of a typed error', () => {
    expect(errorStatus(new StoreError('invalid_input', 'bad', { field: 'limit' })).body).toEqual({
      code: 'invalid_input',
      message: 'bad',
      field: 'limit',
    });
  });

  it('maps a zod error to 400 naming the path', () => {
    const parsed = z.object({ a: z.object({ b: z.number() }) }).safeParse({ a: { b: 'x' } });
    const mapped = errorStatus(parsed.error);
    expect(mapped).toMatchObject({ status: 400, body: { code: 'invalid_input', field: 'a.b' } });
  });

  it('never puts the message of an internal error in the body', () => {
    expect(JSON.stringify(errorStatus(new StoreError('store_failed', '/secret/path')).body)).not.toContain(
      '/secret/path',
    );
  });
});
