import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppDeps } from '../app-deps.js';
import { ApiError, apiErrorResponse } from '../error-status.js';
import type { ServerEvent } from '../event-bus.js';

/** Events kept for a slow client before the oldest are dropped. */
const MAX_QUEUED = 1_000;

/** Open event streams one server keeps; each holds a socket and a subscription, so they are bounded. */
export const MAX_EVENT_STREAMS = 64;

/** `GET /api/events`: server-sent `run` and `result` events, a `ready` event first, keep-alive comments between. */
export function eventsRoute({ events, keepAliveMs = 15_000, maxEventStreams = MAX_EVENT_STREAMS }: AppDeps): Hono {
  const app = new Hono();
  let open = 0;
  app.get('/events', (c) => {
    if (open >= maxEventStreams) {
      return apiErrorResponse(
        c,
        new ApiError(
          'busy',
          `${open} event streams are open, the most this server keeps; close one or try again later`,
        ),
        { 'Retry-After': '5' },
      );
    }
    open += 1;
    return streamSSE(c, async (stream) => {
      try {
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
      } finally {
        open -= 1;
      }
    });
  });
  return app;
}
