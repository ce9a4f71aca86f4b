import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseStoreLocation } from '../../store/index.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';
import { openStoreAt } from './store-options.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'taskeval-store-options-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('openStoreAt', () => {
  it('says it is checking a store past the size before a writing command reads it whole, and nothing for a reading one', async () => {
    const location = parseStoreLocation(join(dir, 'taskeval.db'), dir);
    // A new file is not checked: nothing to say until it exists.
    const created = captureIo(dir);
    await (await openStoreAt(location, created, { checkNoticeBytes: 0 })).close();
    expect(created.err()).not.toContain('checking');

    const writing = captureIo(dir);
    await (await openStoreAt(location, writing, { checkNoticeBytes: 0 })).close();
    expect(writing.err()).toMatch(
      /^store: checking .*taskeval\.db \(0\.0 GiB\) before writing to it; the check reads the whole file\nstore: /,
    );

    const small = captureIo(dir);
    await (await openStoreAt(location, small)).close();
    expect(small.err()).not.toContain('checking');

    const reading = captureIo(dir);
    await (await openStoreAt(location, reading, { checkNoticeBytes: 0, readOnly: true })).close();
    expect(reading.err()).not.toContain('checking');
  });
});

describe('--db', () => {
  const run = async (...argv: string[]) => {
    const io = captureIo(dir);
    const code = await runCli(argv, io);
    return { code, err: io.err() };
  };

  it('refuses an empty value and an unknown scheme with exit 2 naming db, and creates no file', async () => {
    for (const [value, said] of [
      ['', 'db: an empty value names no store'],
      ['mysql://x', 'db: mysql://x: taskeval has no store for mysql:// URLs'],
    ] as const) {
      const { code, err } = await run('runs', '--db', value);
      expect(code, err).toBe(2);
      expect(err).toContain(said);
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it("makes the store's own folder, but not a tree of missing folders above it", async () => {
    const open = (path: string) => openStoreAt(parseStoreLocation(path, dir), captureIo(dir));
    await expect(open(join(dir, 'no', 'such', 'place', 'store.db'))).rejects.toThrow(
      `the directory ${join(dir, 'no', 'such')} does not exist`,
    );
    expect(readdirSync(dir)).toEqual([]);
    const store = await open(join(dir, '.taskeval', 'store.db'));
    await store.close();
    expect(readdirSync(join(dir, '.taskeval'))).toContain('store.db');
  });
});
