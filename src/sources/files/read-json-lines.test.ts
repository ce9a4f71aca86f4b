import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanJsonLines, type LocatedRecord } from './read-json-lines.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-json-lines-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function scan(path: string, chunkBytes?: number) {
  const records: LocatedRecord[] = [];
  const problems = await scanJsonLines(path, 'tasks.jsonl', (r) => void records.push(r), chunkBytes);
  return { records, problems };
}

describe('scanJsonLines', () => {
  it('reads lines that cross the reused buffer at every byte as one read of the file does: multibyte text, CRLF, a BOM', async () => {
    const lines = [
      { id: 'T-1', title: 'café 中文 😀' },
      { id: 'T-2', title: 'x'.repeat(40) },
      { id: 'T-3', title: '👩‍💻 naïve' },
    ].map((r) => JSON.stringify(r));
    const path = join(dir, 'tasks.jsonl');
    await writeFile(path, `\ufeff${lines[0]}\r\n\n${lines[1]}\n${lines[2]}`);
    const whole = await scan(path);
    expect(whole.problems).toEqual([]);
    expect(whole.records.map((r) => [r.value, r.span.line])).toEqual([
      [JSON.parse(lines[0]!), 1],
      [JSON.parse(lines[1]!), 3],
      [JSON.parse(lines[2]!), 4],
    ]);
    // Smaller buffers than a character or a line end: every split point is met by one of them.
    for (const chunkBytes of [1, 2, 3, 5, 7, 64]) expect(await scan(path, chunkBytes)).toEqual(whole);
  });

  it('names a line of invalid UTF-8 split across buffers, and reads the lines around it', async () => {
    const path = join(dir, 'tasks.jsonl');
    await writeFile(
      path,
      Buffer.concat([
        Buffer.from('{"id":"T-1"}\n{"id":"T-2","title":"'),
        Buffer.from([0xe4, 0xb8]),
        Buffer.from('"}\n{"id":"T-3"}\n'),
      ]),
    );
    for (const chunkBytes of [3, 4, 1 << 20]) {
      const { records, problems } = await scan(path, chunkBytes);
      expect(records.map((r) => r.span.line)).toEqual([1, 2, 3]);
      expect(problems.map((p) => p.message)).toEqual([expect.stringContaining('UTF-8')]);
    }
  });
});
