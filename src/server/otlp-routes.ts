import { Hono } from 'hono';
import { jsonDepth } from '../core/index.js';
import type { RouteDeps } from './app-deps.js';

/** The largest OTLP request taken; an agent's exporter batches far less (Claude Code sends every 5 s). */
export const MAX_OTLP_BYTES = 8 * 1024 * 1024;

/** The deepest OTLP request taken: spans nest AnyValue arrays and kvlists a few levels, never dozens. */
export const MAX_OTLP_DEPTH = 64;

const SIGNALS = { traces: 'resourceSpans', logs: 'resourceLogs' } as const;

/**
 * OTLP/HTTP JSON at `/v1/traces` and `/v1/logs`: each request is checked (JSON, its signal's array, under
 * MAX_OTLP_BYTES) and kept as one line by `receiveOtlp`, so `score`, `run` and `batch` read its sessions
 * like any other's. Protobuf is refused with what to set instead.
 */
export function otlpRoutes(deps: RouteDeps): Hono {
  const app = new Hono();
  for (const [signal, field] of Object.entries(SIGNALS) as [keyof typeof SIGNALS, string][]) {
    app.post(`/v1/${signal}`, async (c) => {
      const refuse = (status: 400 | 413 | 415 | 503, message: string) => c.json({ code: status, message }, status);
      if (!deps.receiveOtlp) return refuse(503, 'this server does not keep OpenTelemetry data');
      const type = c.req.header('content-type') ?? '';
      if (!type.toLowerCase().startsWith('application/json'))
        return refuse(
          415,
          `taskeval takes OTLP/HTTP JSON, not ${type || 'an unnamed type'}: set OTEL_EXPORTER_OTLP_PROTOCOL=http/json`,
        );
      const declared = Number(c.req.header('content-length') ?? 0);
      if (declared > MAX_OTLP_BYTES) return refuse(413, `requests are limited to ${MAX_OTLP_BYTES} bytes`);
      const text = await c.req.text();
      if (Buffer.byteLength(text) > MAX_OTLP_BYTES)
        return refuse(413, `requests are limited to ${MAX_OTLP_BYTES} bytes`);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch (error) {
        return refuse(400, `not JSON: ${(error as Error).message}`);
      }
      // Checked before anything walks it recursively (a request nested 100,000 deep overflowed the stack: a 500).
      if (jsonDepth(body, MAX_OTLP_DEPTH + 1) > MAX_OTLP_DEPTH)
        return refuse(400, `nested deeper than ${MAX_OTLP_DEPTH} levels; no OTLP request is`);
      if (typeof body !== 'object' || body === null || !Array.isArray((body as Record<string, unknown>)[field]))
        return refuse(400, `an OTLP ${signal} request holds a ${field} array`);
      await deps.receiveOtlp(signal, JSON.stringify(body));
      return c.json({ partialSuccess: {} });
    });
  }
  return app;
}
