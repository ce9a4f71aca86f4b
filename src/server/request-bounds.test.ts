import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_FORM_BYTES } from './create-app.js';
import { MAX_OTLP_DEPTH } from './otlp-routes.js';
import { startServer, type RunningServer } from './start-server.js';
import { createServerFixture, seedRun, TEST_TOKEN, type ServerFixture } from './testing/server-fixture.js';
import { hybridResult } from './testing/sample-results.js';

let fx: ServerFixture;
let server: RunningServer;
const kept: string[] = [];
beforeEach(async () => {
  kept.length = 0;
  fx = await createServerFixture({ receiveOtlp: async (_signal, line) => void kept.push(line) });
  server = await startServer(fx.app, { host: '127.0.0.1', port: 0 });
});
afterEach(async () => {
  await server.close();
  await fx.close();
});

/**
 * POSTs a body sent in chunks without a length, as long as the server keeps reading, up to `total` bytes;
 * resolves with the status and how many bytes were written before the answer came.
 */
function streamPost(path: string, type: string, chunk: string, total: number) {
  return new Promise<{ status: number; written: number }>((resolve, reject) => {
    let written = 0;
    let answered = false;
    const req = request(
      `${server.origin}${path}`,
      { method: 'POST', headers: { authorization: `Bearer ${TEST_TOKEN}`, 'content-type': type } },
      (res) => {
        answered = true;
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, written }));
      },
    );
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      while (!answered && written < total) {
        written += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe('request bodies are bounded on a real server', () => {
  it('refuses a 50 MB rating form with 413 long before it is all sent, keeping nothing', async () => {
    const { run, results } = await seedRun(fx.store, [hybridResult({ taskId: 'FN-1', finals: [82, 88, 79] })]);
    const head = `run=${run.id}&result=${results[0]!.id}&rater=x&scale=1-5&overall=3&note=`;
    const { status, written } = await streamPost(
      '/rate',
      'application/x-www-form-urlencoded',
      head + 'x'.repeat(64 * 1024 - head.length),
      50 * 1024 * 1024,
    );
    expect(status).toBe(413);
    expect(written).toBeLessThan(50 * 1024 * 1024);
    expect(await fx.store.listRatings()).toEqual([]);
    expect(MAX_FORM_BYTES).toBe(1024 * 1024);
  });

  it('answers an OTLP request nested 100,000 deep with 400, not 500, keeping nothing', async () => {
    const deep = `{"resourceSpans":[${'['.repeat(100_000)}${']'.repeat(100_000)}]}`;
    const res = await fetch(`${server.origin}/v1/traces`, {
      method: 'POST',
      body: deep,
      headers: { authorization: `Bearer ${TEST_TOKEN}`, 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/nested deeper than|not JSON/);
    const shallow = `{"resourceSpans":[${'['.repeat(MAX_OTLP_DEPTH - 2)}${']'.repeat(MAX_OTLP_DEPTH - 2)}]}`;
    const ok = await fetch(`${server.origin}/v1/traces`, {
      method: 'POST',
      body: shallow,
      headers: { authorization: `Bearer ${TEST_TOKEN}`, 'content-type': 'application/json' },
    });
    expect(ok.status).toBe(200);
    expect(kept).toHaveLength(1);
  });
});
