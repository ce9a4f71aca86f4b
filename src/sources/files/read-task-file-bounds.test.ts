import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatSourceProblem } from './format-source-problem.js';
import { MAX_RECORD_DEPTH, MAX_TASK_LINE_BYTES } from './parse-task-records.js';
import { readTaskFile } from './read-task-file.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-bounds-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const task = (id: string) => JSON.stringify({ id, title: `task ${id}` });

async function writeChunks(path: string, chunks: Iterable<string>): Promise<void> {
  const out = createWriteStream(path);
  for (const chunk of chunks) if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
  await new Promise<void>((r) => out.end(() => r()));
}

describe('readTaskFile bounds', () => {
  it('refuses a named pipe without opening it (opening one blocks) and a device such as /dev/zero, naming what it is', async () => {
    const fifo = join(dir, 'tasks.jsonl');
    execFileSync('mkfifo', [fifo]);
    await expect(readTaskFile(fifo)).rejects.toMatchObject({
      code: 'source_unreadable',
      message: `cannot read task file ${fifo}: it is a named pipe, not a regular file`,
    });
    await expect(readTaskFile('/dev/zero')).rejects.toMatchObject({
      code: 'source_unreadable',
      message: 'cannot read task file /dev/zero: it is a device, not a regular file',
    });
    await expect(readTaskFile(dir)).rejects.toMatchObject({
      code: 'source_unreadable',
      message: `cannot read task file ${dir}: it is a directory, not a regular file`,
    });
  });

  it('skips a JSONL line over the line limit as it streams past, naming the line and its size, and reads the lines around it', async () => {
    const path = join(dir, 'tasks.jsonl');
    const huge = MAX_TASK_LINE_BYTES + 1_000;
    await writeChunks(path, [
      task('T-1'),
      '\n',
      '{"id":"T-2","title":"',
      ...Array.from({ length: Math.ceil(huge / 1_000_000) }, () => 'x'.repeat(1_000_000)),
      '"}\n',
      task('T-3'),
      '\n',
    ]);
    const read = await readTaskFile(path);
    expect(read.tasks.map((t) => t.id)).toEqual(['T-1', 'T-3']);
    expect(read.problems).toHaveLength(1);
    expect(formatSourceProblem(read.problems[0]!)).toMatch(
      new RegExp(
        `^${path}:2: the line is \\d+ bytes, over the limit of ${MAX_TASK_LINE_BYTES} for one task record; it was not read$`,
      ),
    );
    await expect(readTaskFile(path, { strict: true })).rejects.toMatchObject({ code: 'source_invalid' });
  });

  it('reports a file with no newline at all over the line limit as one problem, not a crash', async () => {
    const path = join(dir, 'one-line.jsonl');
    await writeChunks(
      path,
      Array.from({ length: 20 }, () => 'y'.repeat(1_000_000)),
    );
    const read = await readTaskFile(path);
    expect(read.tasks).toEqual([]);
    expect(read.problems.map((p) => [p.line, p.message])).toEqual([
      [1, `the line is 20000000 bytes, over the limit of ${MAX_TASK_LINE_BYTES} for one task record; it was not read`],
    ]);
  });

  it('refuses a record nested deeper than the limit, by line, in JSONL and in a .json array', async () => {
    const deep = `{"id":"T-2","steps":${'['.repeat(MAX_RECORD_DEPTH + 10)}${']'.repeat(MAX_RECORD_DEPTH + 10)}}`;
    const jsonl = join(dir, 'deep.jsonl');
    await writeFile(jsonl, [task('T-1'), deep].join('\n'));
    const a = await readTaskFile(jsonl);
    expect(a.tasks.map((t) => t.id)).toEqual(['T-1']);
    expect(a.problems.map((p) => [p.line, p.taskId, p.message])).toEqual([
      [2, 'T-2', `the record nests more than ${MAX_RECORD_DEPTH} levels deep; it was not read`],
    ]);
    const json = join(dir, 'deep.json');
    await writeFile(json, `[${task('T-1')},${deep}]`);
    expect((await readTaskFile(json)).problems.map((p) => p.index)).toEqual([1]);
  });

  it('refuses task ids with control characters, newlines, bidirectional overrides or over 256 characters, naming the field', async () => {
    const path = join(dir, 'ids.jsonl');
    const ids = ['ok-1', 'bad\u0007bell', 'two\nlines', 'evil\u202Egnp.exe', 'x'.repeat(257), ' padded'];
    await writeFile(path, ids.map((id) => JSON.stringify({ id })).join('\n'));
    const read = await readTaskFile(path);
    expect(read.tasks.map((t) => t.id)).toEqual(['ok-1']);
    expect(read.problems.map((p) => [p.line, p.field])).toEqual([
      [2, 'id'],
      [3, 'id'],
      [4, 'id'],
      [5, 'id'],
      [6, 'id'],
    ]);
    expect(read.problems[2]!.message).toContain('must be printable');
    expect(read.problems[3]!.message).toContain('at most 256 characters');
  });

  it('reads a JSONL file with a byte-order mark and CRLF line ends', async () => {
    const path = join(dir, 'bom.jsonl');
    await writeFile(path, `\ufeff${task('T-1')}\r\n${task('T-2')}\r\n`);
    const read = await readTaskFile(path);
    expect(read.problems).toEqual([]);
    expect(read.tasks.map((t) => t.id)).toEqual(['T-1', 'T-2']);
  });
});
