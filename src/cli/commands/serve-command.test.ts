import { mkdtemp, rm, stat, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../store/index.js';
import { runCli } from '../run-cli.js';
import { captureIo, type CapturedIo } from '../testing/capture-io.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-serve-'));
  // serve reads an existing store; a mistyped --db is refused (below), not created.
  await openSqliteStore({ path: join(dir, 'store', 'taskeval.db') }).close();
  await openSqliteStore({ path: join(dir, '.taskeval', 'taskeval.db') }).close();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function waitForOpen(io: CapturedIo, exited: Promise<number>): Promise<string> {
  for (let i = 0; i < 400; i++) {
    const m = io.out().match(/^Open: (\S+)$/m);
    if (m) return m[1]!;
    const done = await Promise.race([exited, new Promise<null>((r) => setTimeout(() => r(null), 10))]);
    if (done !== null) throw new Error(`serve exited ${done}: ${io.err()}`);
  }
  throw new Error(`no Open: line in ${io.out()}`);
}

describe('taskeval serve', () => {
  it('serves on a free port with a new 0600 token, refuses requests without it, and stops on the signal', async () => {
    const controller = new AbortController();
    const io = captureIo(dir, { signal: controller.signal });
    const exited = runCli(['serve', '--port', '0', '--db', join(dir, 'store', 'taskeval.db')], io);
    const open = await waitForOpen(io, exited);
    const url = new URL(open);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.port).not.toBe('4180');
    const token = url.searchParams.get('token')!;
    const tokenPath = join(dir, 'store', 'serve-token');
    expect((await readFile(tokenPath, 'utf8')).trim()).toBe(token);
    expect((await stat(tokenPath)).mode & 0o777).toBe(0o600);

    const denied = await fetch(new URL('/api/runs', url));
    expect(denied.status).toBe(401);
    const allowed = await fetch(new URL('/api/runs', url), { headers: { authorization: `Bearer ${token}` } });
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toMatchObject({ items: [], count: 0 });
    const first = await fetch(open, { redirect: 'manual' });
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/');

    controller.abort();
    expect(await exited).toBe(0);
    expect(io.out()).toContain('Stopped.');
    await expect(fetch(new URL('/api/runs', url))).rejects.toThrow();
  });

  it('keeps the token across restarts', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      const controller = new AbortController();
      const io = captureIo(dir, { signal: controller.signal });
      const exited = runCli(['serve', '--port', '0'], io);
      tokens.push(new URL(await waitForOpen(io, exited)).searchParams.get('token')!);
      controller.abort();
      expect(await exited).toBe(0);
    }
    expect(tokens[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(tokens[1]).toBe(tokens[0]);
  });

  it('warns with --no-auth and serves without a token', async () => {
    const controller = new AbortController();
    const io = captureIo(dir, { signal: controller.signal });
    const exited = runCli(['serve', '--port', '0', '--no-auth'], io);
    const open = await waitForOpen(io, exited);
    expect(open).not.toContain('token=');
    expect(io.err()).toMatch(/WARNING: --no-auth/);
    expect((await fetch(new URL('/api/runs', open))).status).toBe(200);
    controller.abort();
    expect(await exited).toBe(0);
  });

  it('refuses --no-auth on a non-loopback host without --allow-remote (exit 2)', async () => {
    const io = captureIo(dir, { signal: new AbortController().signal });
    expect(await runCli(['serve', '--no-auth', '--host', '0.0.0.0', '--port', '0'], io)).toBe(2);
    expect(io.err()).toContain('--allow-remote');
  });

  it('refuses a bad --port (exit 2)', async () => {
    const io = captureIo(dir);
    expect(await runCli(['serve', '--port', 'http'], io)).toBe(2);
    expect(io.err()).toContain('--port must be a whole number');
  });
});

describe('serve (and its alias view) on a path with no store', () => {
  it('says no store is there (exit 3) instead of creating an empty one', async () => {
    for (const command of ['serve', 'view']) {
      const io = captureIo(dir);
      const code = await runCli([command, '--port', '0', '--db', join(dir, 'mistyped.db')], io);
      expect(code).toBe(3);
      expect(io.err()).toContain(`no taskeval store at ${join(dir, 'mistyped.db')}`);
    }
    await expect(stat(join(dir, 'mistyped.db'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
