import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJsonItems } from './read-json-items.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-json-items-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function items(text: string): Promise<unknown[]> {
  const path = join(dir, 'f.json');
  await writeFile(path, text);
  const out: unknown[] = [];
  for await (const value of readJsonItems(path)) out.push(value);
  return out;
}

describe('readJsonItems', () => {
  it('yields each element of an array, strings with brackets, commas and escapes included', async () => {
    const values = [{ a: '],[{"', b: [1, { c: '\\"}' }] }, 'x,y', 3, null, [[]], { é: '→' }];
    expect(await items(JSON.stringify(values, null, 2))).toEqual(values);
    expect(await items('[]')).toEqual([]);
    expect(await items('  { "one": 1 }\n')).toEqual([{ one: 1 }]);
  });

  it('reads a file bigger than one read of the stream, split anywhere, with multi-byte characters', async () => {
    const values = Array.from({ length: 3_000 }, (_, i) => ({ id: `T-${i}`, text: 'ü→'.repeat(i % 50) }));
    expect(await items(JSON.stringify(values))).toEqual(values);
  });

  it('names the element that is not valid JSON, and an array left open', async () => {
    await expect(items('[{"a":1}, {"a":}]')).rejects.toThrow(/element 1/);
    await expect(items('[{"a":1},')).rejects.toThrow(/not closed/);
    await expect(items('[1,,2]')).rejects.toThrow(/element 1: missing/);
    await expect(items('[1] 2')).rejects.toThrow(/after the array/);
  });
});
