import { describe, expect, it } from 'vitest';
import { compileUserPattern, MAX_PATTERN_TEXT, userPatternProblem } from './compile-user-pattern.js';

describe('a pattern from configuration', () => {
  it('answers as RegExp.exec does: index, numbered and named groups, an unmatched group undefined', () => {
    const text = 'Co-Authored-By: Claude Fable 5 <noreply@anthropic.com>';
    const source = String.raw`claude\s+(?<model>\w+ \d+)|(opus)`;
    const mine = compileUserPattern(source, { ignoreCase: true }).exec(text)!;
    const native = new RegExp(source, 'i').exec(text)!;
    expect([...mine]).toEqual([...native]);
    expect(mine.index).toBe(native.index);
    expect(mine.groups).toEqual({ ...native.groups });
  });

  it('counts positions in UTF-16 code units, as JavaScript strings do', () => {
    const m = compileUserPattern('(b+)').exec('a😀é bb', 0)!;
    expect(m.index).toBe('a😀é '.length);
    expect(compileUserPattern('é+').test('ÉÉ')).toBe(false);
    expect(compileUserPattern('é+', { ignoreCase: true }).test('ÉÉ')).toBe(true);
  });

  it('searches from a position, and finds nothing past the end', () => {
    const p = compileUserPattern(String.raw`\d+`);
    expect(p.exec('12 34', 2)![0]).toBe('34');
    expect(p.exec('12', 3)).toBeNull();
  });

  it('runs a pattern with nested quantifiers in time linear in the text', () => {
    // 2^34 backtracking steps on a native engine; one pass here.
    expect(compileUserPattern('(a+)+$').test(`${'a'.repeat(34)}!`)).toBe(false);
    expect(compileUserPattern('(x+x+)+y').test('x'.repeat(5_000))).toBe(false);
  });

  it('looks at a long text up to its cap only', () => {
    const p = compileUserPattern('needle');
    expect(p.test(`${'x'.repeat(MAX_PATTERN_TEXT - 6)}needle`)).toBe(true);
    expect(p.test(`${'x'.repeat(MAX_PATTERN_TEXT)}needle`)).toBe(false);
  });

  it('names why it refuses a pattern: invalid, back-references, look-arounds, too long', () => {
    expect(userPatternProblem('[A-Z][A-Z0-9]*-\\d+')).toBeNull();
    expect(userPatternProblem('\\u00e9|\\x41')).toBeNull();
    expect(userPatternProblem('(')).toMatch(/^not a valid regular expression/);
    expect(userPatternProblem('(a)\\1')).toMatch(/cannot be matched in linear time/);
    expect(userPatternProblem('(?<=a)b')).toMatch(/look-arounds/);
    expect(userPatternProblem('(?!a)b')).toMatch(/cannot be matched in linear time/);
    expect(userPatternProblem('a'.repeat(1_001))).toMatch(/longer than 1000/);
  });
});
