import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseStoreLocation } from '../../store/index.js';
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
