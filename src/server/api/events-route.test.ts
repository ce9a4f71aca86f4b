import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServerFixture, type ServerFixture } from '../testing/server-fixture.js';

let fx: ServerFixture;
beforeEach(async () => {
  fx = await createServerFixture();
});
afterEach(async () => {
  await fx.close();
});

/** Reads SSE frames from a response body until `count` named events arrived. */
async function readEvents(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  count: number,
): Promise<{ event: string; data: any }[]> {
  const decoder = new TextDecoder();
  let buffer = '';
  const events: { event: string; data: any }[] = [];
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = frame.match(/^event: (.*)$/m)?.[1];
      const data = frame.match(/^data: (.*)$/m)?.[1];
      if (event && data) events.push({ event, data: JSON.parse(data) });
    }
  }
  return events;
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(condition()).toBe(true);
}

describe('GET /api/events', () => {
  it('streams a ready event, then run and result events as they are published', async () => {
    const res = await fx.get('/api/events');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    const [ready] = await readEvents(reader, 1);
    expect(ready).toEqual({ event: 'ready', data: { live: true } });
    await until(() => fx.events.size === 1);
    fx.events.publish({ type: 'run', runId: 'run_1', status: 'running' });
    fx.events.publish({ type: 'result', runId: 'run_1', taskId: 'FN-1', status: 'scored', overallScore: 82 });
    const got = await readEvents(reader, 2);
    expect(got).toEqual([
      { event: 'run', data: { type: 'run', runId: 'run_1', status: 'running' } },
      { event: 'result', data: { type: 'result', runId: 'run_1', taskId: 'FN-1', status: 'scored', overallScore: 82 } },
    ]);
    await reader.cancel();
    await until(() => fx.events.size === 0);
  });

  it('refuses a stream without the token', async () => {
    const res = await fx.app.request('/api/events');
    expect(res.status).toBe(401);
    expect(fx.events.size).toBe(0);
  });
});

describe('GET /api/events limits', () => {
  it('keeps at most maxEventStreams open, answers 503 past it, and takes a new one when one closes', async () => {
    const small = await createServerFixture({ maxEventStreams: 2 });
    try {
      const first = await small.get('/api/events');
      const second = await small.get('/api/events');
      const readers = [first, second].map((r) => r.body!.getReader());
      await Promise.all(readers.map((r) => readEvents(r, 1)));
      const third = await small.get('/api/events');
      expect(third.status).toBe(503);
      expect(third.headers.get('retry-after')).toBe('5');
      expect(await third.json()).toMatchObject({ code: 'busy' });
      await readers[0]!.cancel();
      let again = await small.get('/api/events');
      for (let i = 0; i < 50 && again.status === 503; i++) {
        await new Promise((r) => setTimeout(r, 10));
        again = await small.get('/api/events');
      }
      expect(again.status).toBe(200);
      await again.body!.cancel();
      await readers[1]!.cancel();
    } finally {
      await small.close();
    }
  });
});
