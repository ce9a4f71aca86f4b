import { request } from 'node:http';
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
});
