import { describe, expect, it } from 'vitest';
import { parseBlamePorcelain } from './parse-blame-porcelain.js';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const C = 'c'.repeat(40);

describe('parseBlamePorcelain', () => {
  it('counts lines per commit, repeated headers included, and leaves out boundary commits', () => {
    const text = [
      `${A} 1 1 2`,
      'author Ada',
      'summary one',
      'filename x.ts',
      '\tline 1',
      `${A} 2 2`,
      '\tline 2',
      `${B} 5 3 1`,
      'author Bo',
      'summary two',
      'filename x.ts',
      '\tline 3',
      `${C} 9 4 1`,
      'author Cy',
      'boundary',
      'filename x.ts',
      '\tline 4',
      '',
    ].join('\n');
    expect([...parseBlamePorcelain(text)]).toEqual([
      [A, 2],
      [B, 1],
    ]);
  });
});
