import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../core/index.js';
import { compileIdMatcher, DEFAULT_ID_PATTERN } from './compile-id-matcher.js';

describe('compileIdMatcher', () => {
  it('finds word-bounded ids in order of first appearance', () => {
    const ids = compileIdMatcher();
    expect(ids.findAll('feat(FN-12): x, see KB-3 and FN-12; not xFN-4 nor FN-5x')).toEqual(['FN-12', 'KB-3']);
    expect(ids.isId('FN-12')).toBe(true);
    expect(ids.isId('FN-12 ')).toBe(false);
  });

  it('makes no task of standards, encodings, licences, advisories or model names, unless a pattern of its own asks', () => {
    const ids = compileIdMatcher();
    expect(
      ids.findAll(
        'Read UTF-8 and SHA-256 under AGPL-3, fix CVE-2024-1234 as RFC-9110 says, with GPT-5 and GLM-5 (FN-7)',
      ),
    ).toEqual(['FN-7']);
    expect(ids.isId('GPT-4')).toBe(false);
    expect(compileIdMatcher('(?:GPT)-\\d+').findAll('GPT-4')).toEqual(['GPT-4']);
  });

  it("gives a user's pattern on the linear-time engine the answers the native engine gives", () => {
    // The same pattern spelled two ways: the default string takes the native path, the other the linear one.
    const native = compileIdMatcher(DEFAULT_ID_PATTERN);
    const linear = compileIdMatcher('(?:[A-Z][A-Z0-9]*-\\d+)');
    const alphabet = fc.constantFrom('A', 'B', 'Z', '9', '1', '-', ' ', '_', 'x', '(', ':', '#', '\n');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }), (chars) => {
        const text = chars.join('');
        expect(linear.findAll(text)).toEqual(native.findAll(text));
        expect(linear.isId(text)).toBe(native.isId(text));
      }),
      { numRuns: 2_000, seed: 7 },
    );
  });

  it('refuses a back-reference with a ConfigError naming sources.idPattern', () => {
    expect(() => compileIdMatcher('(T)-\\1')).toThrow(ConfigError);
    expect(() => compileIdMatcher('(T)-\\1')).toThrow(/sources\.idPattern.*linear time/);
  });
});
