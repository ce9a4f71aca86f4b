import { describe, expect, it } from 'vitest';
import { ContractError } from '../core/index.js';
import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it('sorts keys at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: true, y: null }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[3,{"y":null,"z":true}]},"b":1}',
    );
  });

  it('gives the same text for objects built in different key orders', () => {
    expect(canonicalJson({ x: 1, y: { p: 2, q: 3 } })).toBe(canonicalJson({ y: { q: 3, p: 2 }, x: 1 }));
  });

  it('follows JSON.stringify for undefined, non-finite numbers and toJSON', () => {
    expect(canonicalJson({ a: undefined, b: [undefined, Number.NaN, Infinity], c: new Date(0) })).toBe(
      '{"b":[null,null,null],"c":"1970-01-01T00:00:00.000Z"}',
    );
  });

  it('escapes strings as JSON does', () => {
    const text = 'quote " backslash \\ newline \n nul \0 emoji 😀';
    expect(JSON.parse(canonicalJson({ text }))).toEqual({ text });
  });

  it('rejects cycles and bigints with a ContractError instead of looping', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(ContractError);
    expect(() => canonicalJson({ n: 1n })).toThrow(ContractError);
  });

  it('allows the same object twice when it is not a cycle', () => {
    const shared = { k: 1 };
    expect(canonicalJson([shared, shared])).toBe('[{"k":1},{"k":1}]');
  });
});
