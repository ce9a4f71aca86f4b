import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forEachLine } from './for-each-line.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-lines-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function lines(content: string, max?: number): Promise<Array<[number, string | null]>> {
  const path = join(dir, 'f.jsonl');
  await writeFile(path, content);
  const seen: Array<[number, string | null]> = [];
  await forEachLine(path, (text, line) => seen.push([line, text]), max);
  return seen;
}

describe('forEachLine', () => {
  it('splits on LF and CRLF, keeps empty lines numbered, and emits a last line without a newline', async () => {
    expect(await lines('a\r\nb\n\nc')).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, ''],
      [4, 'c'],
    ]);
    expect(await lines('a\n')).toEqual([[1, 'a']]);
  });

  it('joins a line that spans many chunks', async () => {
    const long = 'y'.repeat(700_000);
    expect(await lines(`x\n${long}\nz\n`)).toEqual([
      [1, 'x'],
      [2, long],
      [3, 'z'],
    ]);
  });

  it('gives null for a line over the limit and goes on with the next', async () => {
    const long = 'y'.repeat(600_000);
    expect(await lines(`x\n${long}\nz\n${long}`, 300_000)).toEqual([
      [1, 'x'],
      [2, null],
      [3, 'z'],
      [4, null],
    ]);
  });
});
