import { Agent, request } from 'node:http';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer } from './start-server.js';
import { createServerFixture, TEST_TOKEN, type ServerFixture } from './testing/server-fixture.js';

let fx: ServerFixture;
beforeEach(async () => {
  fx = await createServerFixture();
});
afterEach(async () => {
  await fx.close();
});

describe('startServer', () => {
  it('listens on a free port of 127.0.0.1 and serves the app', async () => {
    const server = await startServer(fx.app, { host: '127.0.0.1', port: 0 });
    try {
      expect(server.port).toBeGreaterThan(0);
      expect(server.origin).toBe(`http://127.0.0.1:${server.port}`);
      const res = await fetch(`${server.origin}/api/runs`, { headers: { authorization: `Bearer ${TEST_TOKEN}` } });
      expect(res.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('closes even while a browser holds a live event stream open', async () => {
    const server = await startServer(fx.app, { host: '127.0.0.1', port: 0 });
    const ended = new Promise<string>((resolve, reject) => {
      const req = request(
        `${server.origin}/api/events`,
        { headers: { authorization: `Bearer ${TEST_TOKEN}` } },
        (res) => {
          res.once('data', () => void server.close());
          res.on('close', () => resolve('closed'));
        },
      );
      req.on('error', (error) => (error.message.includes('socket hang up') ? resolve('closed') : reject(error)));
      req.end();
    });
    expect(await ended).toBe('closed');
    expect(fx.events.size).toBe(0);
  });

  it('reports a port in use as a usage error naming the port', async () => {
    const first = await startServer(fx.app, { host: '127.0.0.1', port: 0 });
    try {
      await expect(startServer(fx.app, { host: '127.0.0.1', port: first.port })).rejects.toMatchObject({
        code: 'usage',
        field: 'port',
        message: expect.stringContaining('in use'),
      });
    } finally {
      await first.close();
    }
  });

  it('does not reset a keep-alive connection whose next request came while the event loop was stalled', async () => {
    const app = new Hono();
    app.get('/ok', (c) => c.text('ok'));
    // A stall longer than Node's default keep-alive timeout (5 s, and 1 s of grace): a slow aggregate, a long GC pause.
    app.get('/stall', (c) => {
      const until = Date.now() + 7_000;
      while (Date.now() < until) {
        // spin: the event loop does nothing else meanwhile
      }
      return c.text('done');
    });
    const server = await startServer(app, { host: '127.0.0.1', port: 0 });
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    const get = (path: string, onSent?: () => void) =>
      new Promise<string>((resolve, reject) => {
        const req = request(`${server.origin}${path}`, { agent }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve(body));
        });
        req.on('error', reject);
        if (onSent) req.on('finish', onSent);
        req.end();
      });
    try {
      // Two idle keep-alive sockets; one then asks for the stall, and while it stalls the other sends a request.
      await Promise.all([get('/ok'), get('/ok')]);
      let stallSent!: () => void;
      const sent = new Promise<void>((resolve) => (stallSent = resolve));
      const stalled = get('/stall', stallSent);
      await sent;
      // The stall has begun once the server read the request; a short pause lets it get there.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const during = get('/ok');
      expect(await stalled).toBe('done');
      expect(await during).toBe('ok');
    } finally {
      agent.destroy();
      await server.close();
    }
  }, 30_000);
});
