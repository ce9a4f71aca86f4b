import { copyFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isTaskevalError } from '../../core/index.js';
import { formatSourceProblem } from './format-source-problem.js';
import { readTaskFile } from './read-task-file.js';

// The repository's copy of the real Fusion task records (fixtures/README.md).
const FIXTURES = fileURLToPath(new URL('../../../fixtures/fusion/', import.meta.url));
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-files-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function fixtureRecords(): Promise<unknown[]> {
  const names = (await readdir(FIXTURES)).filter((n) => n.endsWith('.task.json')).sort();
  const records: unknown[] = [];
  for (const name of names) {
    await copyFile(join(FIXTURES, name), join(dir, name));
    records.push(JSON.parse(await readFile(join(dir, name), 'utf8')));
  }
  return records;
}

const good = (id: string) => ({
  id,
  title: `Task ${id}`,
  column: 'done',
  workflowStepResults: [{ workflowStepId: 'tests', status: 'passed' }],
});

describe('readTaskFile', () => {
  it('reads a record with invalid UTF-8 and warns, naming the file and line', async () => {
    const path = join(dir, 'latin1.jsonl');
    const good = Buffer.from(`${JSON.stringify({ id: 'T-1', title: 'fine' })}\n`);
    const bad = Buffer.concat([Buffer.from('{"id":"T-2","title":"caf'), Buffer.from([0xe9]), Buffer.from('"}\n')]);
    await writeFile(path, Buffer.concat([good, bad]));
    const { tasks, problems } = await readTaskFile(path);
    expect(tasks.map((t) => t.id)).toEqual(['T-1', 'T-2']);
    expect(tasks[1]!.title).toBe('caf\uFFFD');
    expect(problems).toEqual([{ path, line: 2, message: 'invalid UTF-8 on this line; the bad bytes read as U+FFFD' }]);
  });

  it('loads the three Fusion fixtures as a JSON array without problems', async () => {
    const records = await fixtureRecords();
    await writeFile(join(dir, 'tasks.json'), JSON.stringify(records, null, 2));
    const result = await readTaskFile(join(dir, 'tasks.json'));
    expect(result.problems).toEqual([]);
    expect(result.tasks.map((t) => t.id)).toEqual(['FN-679', 'KB-126', 'KB-341']);
  });

  it('loads the three Fusion fixtures as JSONL without problems', async () => {
    const records = await fixtureRecords();
    await writeFile(join(dir, 'tasks.jsonl'), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const result = await readTaskFile(join(dir, 'tasks.jsonl'));
    expect(result.problems).toEqual([]);
    expect(result.tasks).toHaveLength(3);
  });

  it('loads each Fusion fixture file as a single task object', async () => {
    await fixtureRecords();
    for (const name of ['FN-679.task.json', 'KB-126.task.json', 'KB-341.task.json']) {
      const result = await readTaskFile(name, { cwd: dir });
      expect(result.problems).toEqual([]);
      expect(result.tasks.map((t) => t.id)).toEqual([name.replace('.task.json', '')]);
    }
  });

  it('scores the valid JSONL records and names file, line and field for each bad one', async () => {
    const lines = [
      JSON.stringify(good('T-1')),
      '',
      '{not json',
      JSON.stringify({ ...good('T-2'), workflowStepResults: [{ workflowStepId: 'tests', status: 'ok' }] }),
      JSON.stringify({ title: 'no id' }),
      JSON.stringify(good('T-3')),
    ];
    await writeFile(join(dir, 'tasks.jsonl'), lines.join('\n'));
    const result = await readTaskFile('tasks.jsonl', { cwd: dir });
    expect(result.tasks.map((t) => t.id)).toEqual(['T-1', 'T-3']);
    expect(result.problems.map(formatSourceProblem)).toEqual([
      expect.stringMatching(/^tasks\.jsonl:3: not valid JSON/),
      'tasks.jsonl:4 (task T-2): workflowStepResults.0.status: expected one of passed|failed|skipped|pending',
      'tasks.jsonl:5: id: required string is missing',
    ]);
  });

  it('names the array index of a bad record in a .json file', async () => {
    await writeFile(
      join(dir, 'tasks.json'),
      JSON.stringify([good('T-1'), { id: 'T-2', log: [{ timestamp: 'yesterday', action: 'x' }] }, 7]),
    );
    const result = await readTaskFile('tasks.json', { cwd: dir });
    expect(result.tasks.map((t) => t.id)).toEqual(['T-1']);
    expect(result.problems).toEqual([
      {
        path: 'tasks.json',
        index: 1,
        taskId: 'T-2',
        field: 'log.0.timestamp',
        message: 'expected an ISO-8601 date-time',
      },
      { path: 'tasks.json', index: 2, message: 'expected object, received number' },
    ]);
  });

  it('reports a duplicate task id as a problem and keeps the first record', async () => {
    await writeFile(
      join(dir, 't.jsonl'),
      [good('T-1'), { ...good('T-1'), title: 'again' }].map((r) => JSON.stringify(r)).join('\n'),
    );
    const result = await readTaskFile('t.jsonl', { cwd: dir });
    expect(result.tasks.map((t) => t.title)).toEqual(['Task T-1']);
    expect(formatSourceProblem(result.problems[0]!)).toMatch(
      /t\.jsonl:2 \(task T-1\): id: duplicate task id T-1 \(first at line 1\)/,
    );
  });

  it('sniffs JSONL and JSON content when the extension says nothing', async () => {
    await writeFile(join(dir, 'a.txt'), [good('A-1'), good('A-2')].map((r) => JSON.stringify(r)).join('\n'));
    await writeFile(join(dir, 'b.txt'), JSON.stringify([good('B-1')], null, 2));
    expect((await readTaskFile('a.txt', { cwd: dir })).tasks.map((t) => t.id)).toEqual(['A-1', 'A-2']);
    expect((await readTaskFile('b.txt', { cwd: dir })).tasks.map((t) => t.id)).toEqual(['B-1']);
  });

  it('reports a .json file that is not JSON at all as one problem saying what the file must hold', async () => {
    await writeFile(join(dir, 'bad.json'), '[\n  {"id": "T-1"},\n  oops\n]');
    const result = await readTaskFile('bad.json', { cwd: dir });
    expect(result.tasks).toEqual([]);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({
      path: 'bad.json',
      message: expect.stringMatching(/^not valid JSON .*one task object or an array/),
    });
  });

  it('reads a file saved with a UTF-8 byte-order mark', async () => {
    await writeFile(join(dir, 'bom.jsonl'), `\ufeff${JSON.stringify(good('T-1'))}\n`);
    expect(await readTaskFile('bom.jsonl', { cwd: dir })).toMatchObject({ tasks: [{ id: 'T-1' }], problems: [] });
  });

  it('keeps unknown fields on a task', async () => {
    await writeFile(join(dir, 't.json'), JSON.stringify({ ...good('T-1'), orchestrator: 'mine' }));
    const result = await readTaskFile('t.json', { cwd: dir });
    expect(result.tasks[0]).toMatchObject({ id: 'T-1', orchestrator: 'mine' });
  });

  it('throws source_invalid on the first problem with strict', async () => {
    await writeFile(
      join(dir, 'tasks.jsonl'),
      [JSON.stringify(good('T-1')), JSON.stringify({ id: 'T-2', reviewLevel: 'high' })].join('\n'),
    );
    const error = await readTaskFile('tasks.jsonl', { cwd: dir, strict: true }).catch((e: unknown) => e);
    expect(isTaskevalError(error) && error.code).toBe('source_invalid');
    expect((error as Error).message).toContain(
      'tasks.jsonl:2 (task T-2): reviewLevel: expected number, received string',
    );
  });

  it('throws source_unreadable naming the path when the file is missing', async () => {
    const error = await readTaskFile('missing.jsonl', { cwd: dir }).catch((e: unknown) => e);
    expect(isTaskevalError(error) && error.code).toBe('source_unreadable');
    expect((error as Error).message).toBe('cannot read task file missing.jsonl: no such file');
  });
});
