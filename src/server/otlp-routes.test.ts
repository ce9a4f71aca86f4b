import { afterEach, describe, expect, it } from 'vitest';
import { MAX_OTLP_BYTES } from './otlp-routes.js';
import { createServerFixture, TEST_TOKEN, type ServerFixture } from './testing/server-fixture.js';

let fx: ServerFixture;
afterEach(async () => {
  await fx.close();
});

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fx.app.request(path, {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${TEST_TOKEN}`, 'content-type': 'application/json', ...headers },
  });

describe('OTLP/HTTP JSON in', () => {
  it('keeps a traces and a logs request, each as one compact line, and answers as OTLP does', async () => {
    const kept: [string, string][] = [];
    fx = await createServerFixture({ receiveOtlp: async (signal, line) => void kept.push([signal, line]) });
    const traces = await post('/v1/traces', JSON.stringify({ resourceSpans: [] }, null, 2));
    expect(traces.status).toBe(200);
    expect(await traces.json()).toEqual({ partialSuccess: {} });
    expect((await post('/v1/logs', '{"resourceLogs":[{"scopeLogs":[]}]}')).status).toBe(200);
    expect(kept).toEqual([
      ['traces', '{"resourceSpans":[]}'],
      ['logs', '{"resourceLogs":[{"scopeLogs":[]}]}'],
    ]);
  });

  it('refuses without the token, protobuf, non-JSON, the wrong signal and an oversized body, keeping nothing', async () => {
    const kept: string[] = [];
    fx = await createServerFixture({ receiveOtlp: async (_s, line) => void kept.push(line) });
    const anonymous = await fx.app.request('/v1/logs', {
      method: 'POST',
      body: '{"resourceLogs":[]}',
      headers: { 'content-type': 'application/json' },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toMatch(/application\/json/);
    const protobuf = await post('/v1/traces', 'x', { 'content-type': 'application/x-protobuf' });
    expect(protobuf.status).toBe(415);
    expect(((await protobuf.json()) as { message: string }).message).toContain('OTEL_EXPORTER_OTLP_PROTOCOL=http/json');
    expect((await post('/v1/logs', '{"resourceLogs":')).status).toBe(400);
    const wrong = await post('/v1/logs', '{"resourceSpans":[]}');
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { message: string }).message).toContain('resourceLogs');
    const big = await post('/v1/logs', `{"resourceLogs":[],"pad":"${'x'.repeat(MAX_OTLP_BYTES)}"}`);
    expect(big.status).toBe(413);
    expect(kept).toEqual([]);
  });

  it('answers 503 when the server keeps no telemetry', async () => {
    fx = await createServerFixture();
    expect((await post('/v1/traces', '{"resourceSpans":[]}')).status).toBe(503);
  });
});
