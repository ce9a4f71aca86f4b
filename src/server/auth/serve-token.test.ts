import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateServeToken, tokensEqual } from './serve-token.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-token-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('loadOrCreateServeToken', () => {
  it('creates 32 random bytes as hex in serve-token with mode 0600', async () => {
    const first = await loadOrCreateServeToken(join(dir, 'nested'));
    expect(first.created).toBe(true);
    expect(first.token).toMatch(/^[0-9a-f]{64}$/);
    expect((await stat(first.path)).mode & 0o777).toBe(0o600);
    expect((await readFile(first.path, 'utf8')).trim()).toBe(first.token);
  });

  it('reuses the token on the next start and tightens a loosened mode', async () => {
    const first = await loadOrCreateServeToken(dir);
    await chmod(first.path, 0o644);
    const second = await loadOrCreateServeToken(dir);
    expect(second).toMatchObject({ token: first.token, created: false });
    expect((await stat(first.path)).mode & 0o777).toBe(0o600);
  });

  it('refuses a token file that is not 64 hex characters, naming the file', async () => {
    await writeFile(join(dir, 'serve-token'), 'hunter2\n');
    await expect(loadOrCreateServeToken(dir)).rejects.toMatchObject({
      code: 'invalid_config',
      message: expect.stringContaining('serve-token'),
    });
  });
});

describe('tokensEqual', () => {
  it('accepts only the exact token', () => {
    const t = 'f'.repeat(64);
    expect(tokensEqual(t, t)).toBe(true);
    expect(tokensEqual('f'.repeat(63), t)).toBe(false);
    expect(tokensEqual(`${'f'.repeat(63)}e`, t)).toBe(false);
    expect(tokensEqual(undefined, t)).toBe(false);
    expect(tokensEqual('', t)).toBe(false);
  });
});
