import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SourceError } from '../../core/index.js';
import { createGithubClient } from './github-client.js';

interface Seen {
  path: string;
  authorization: string | undefined;
}

/** A real loopback HTTP server whose answers each test writes; it records what it was asked and with which token. */
async function serve(handler: (req: IncomingMessage, res: ServerResponse, base: string) => void) {
  const seen: Seen[] = [];
  let base = '';
  const server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization });
    handler(req, res, base);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  servers.push(server);
  return { base, seen };
}

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

const noSleep = () => Promise.resolve();

async function failure(promise: Promise<unknown>): Promise<SourceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SourceError);
  return error as SourceError;
}

describe('the GitHub client keeps the token with its origin', () => {
  it('does not follow a next-link to another host, and that host never sees the token', async () => {
    const other = await serve((_req, res) => res.end('[]'));
    const api = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', link: `<${other.base}/steal?page=2>; rel="next"` });
      res.end('[{"number":1}]');
    });
    const client = createGithubClient({ baseUrl: api.base, token: 'secret-token', sleep: noSleep });
    const error = await failure(client.list('/repos/o/r/pulls'));
    expect(error.message).toContain('follows pages only on the API');
    expect(error.message).toContain(other.base);
    expect(other.seen).toEqual([]);
    expect(api.seen[0]!.authorization).toBe('Bearer secret-token');
  });

  it('never sends the token to a full URL on another origin, even when asked for it directly', async () => {
    const other = await serve((_req, res) => res.end('{}'));
    const api = await serve((_req, res) => res.end('{}'));
    const client = createGithubClient({ baseUrl: api.base, token: 'secret-token', sleep: noSleep });
    await client.get(`${other.base}/x`);
    expect(other.seen).toEqual([{ path: '/x', authorization: undefined }]);
  });

  it('stops when a next-link points back to a page it read, instead of looping for ever', async () => {
    const api = await serve((req, res, base) => {
      res.writeHead(200, { 'content-type': 'application/json', link: `<${base}${req.url}>; rel="next"` });
      res.end('[{"number":1}]');
    });
    const client = createGithubClient({ baseUrl: api.base, token: null, sleep: noSleep });
    const error = await failure(client.list('/repos/o/r/pulls'));
    expect(error.message).toContain('pages loop');
    expect(api.seen.length).toBe(1);
  });

  it('stops at its page cap on a listing whose pages never end', async () => {
    const api = await serve((req, res, base) => {
      const page = Number(new URL(req.url ?? '/', base).searchParams.get('page') ?? '1');
      res.writeHead(200, {
        'content-type': 'application/json',
        link: `<${base}/repos/o/r/pulls?per_page=100&page=${page + 1}>; rel="next"`,
      });
      res.end('[{"number":1}]');
    });
    const client = createGithubClient({ baseUrl: api.base, token: null, sleep: noSleep, maxPages: 5 });
    const error = await failure(client.list('/repos/o/r/pulls'));
    expect(error.message).toContain('more than 5 pages');
    expect(api.seen.length).toBe(5);
  });
});

describe('the GitHub client bounds every read', () => {
  it('names an answer that is not JSON as a source error, not a crash', async () => {
    const api = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>proxy login</html>');
    });
    const client = createGithubClient({ baseUrl: api.base, token: null, sleep: noSleep });
    const error = await failure(client.get('/repos/o/r/pulls/1'));
    expect(error.code).toBe('source_unreadable');
    expect(error.message).toContain('is not JSON');
    expect(error.message).toContain('<html>');
  });

  it('gives up on a server that accepts and never answers, after its tries, within the timeout', async () => {
    const api = await serve(() => {
      // never answers
    });
    const client = createGithubClient({ baseUrl: api.base, token: null, sleep: noSleep, requestTimeoutMs: 200 });
    const error = await failure(client.get('/repos/o/r/pulls/1'));
    expect(error.message).toContain('did not answer within');
    expect(api.seen.length).toBe(3);
  });

  it('gives up on a body that starts and then stalls', async () => {
    const api = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
    });
    const client = createGithubClient({ baseUrl: api.base, token: null, sleep: noSleep, requestTimeoutMs: 200 });
    const error = await failure(client.get('/repos/o/r/pulls'));
    expect(error.message).toContain('did not answer within');
  });

  it('refuses an answer larger than its cap, declared or streamed', async () => {
    const big = JSON.stringify([{ body: 'x'.repeat(4096) }]);
    const declared = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(big.length) });
      res.end(big);
    });
    const streamed = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      for (let i = 0; i < 8; i++) res.write(big.slice(i * 512, (i + 1) * 512));
      res.end(big.slice(8 * 512));
    });
    for (const api of [declared, streamed]) {
      const client = createGithubClient({ baseUrl: api.base, token: null, sleep: noSleep, maxResponseBytes: 1024 });
      const error = await failure(client.get('/repos/o/r/pulls'));
      expect(error.message).toContain('larger than');
    }
  });

  it('reads an answer under the cap whole', async () => {
    const api = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify([{ number: 7, title: 'héllo' }]));
    });
    const client = createGithubClient({ baseUrl: api.base, token: null, sleep: noSleep, maxResponseBytes: 1024 });
    expect(await client.list('/repos/o/r/pulls')).toEqual([{ number: 7, title: 'héllo' }]);
  });
});
