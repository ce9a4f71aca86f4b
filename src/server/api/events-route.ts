import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppDeps } from '../app-deps.js';
import type { ServerEvent } from '../event-bus.js';

/** Events kept for a slow client before the oldest are dropped. */
const MAX_QUEUED = 1_000;

/** `GET /api/events`: server-sent `run` and `result` events, a `ready` event first, keep-alive comments between. */
export function eventsRoute({ events, keepAliveMs = 15_000 }: AppDeps): Hono {
  const app = new Hono();
  app.get('/events', (c) =>
    streamSSE(c, async (stream) => {
      const queue: ServerEvent[] = [];
      let wake: (() => void) | null = null;
      let closed = false;
      const unsubscribe =
        events?.subscribe((event) => {
          queue.push(event);
          if (queue.length > MAX_QUEUED) queue.shift();
          wake?.();
        }) ?? (() => {});
      stream.onAbort(() => {
        closed = true;
        unsubscribe();
        wake?.();
      });
      let seq = 0;
      await stream.writeSSE({ event: 'ready', data: JSON.stringify({ live: Boolean(events) }), id: String(seq) });
      while (!closed) {
        while (queue.length > 0 && !closed) {
          const event = queue.shift()!;
          seq += 1;
          await stream.writeSSE({ event: event.type, data: JSON.stringify(event), id: String(seq) });
        }
        if (closed) break;
        const timedOut = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(true), keepAliveMs);
          wake = () => {
            clearTimeout(timer);
            resolve(false);
          };
        });
        wake = null;
        if (timedOut && !closed) await stream.write(': keep-alive\n\n');
      }
      unsubscribe();
    }),
  );
  return app;
}
