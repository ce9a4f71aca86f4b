import type { QueueStats } from '../runs/index.js';
import type { Store } from '../store/index.js';
import type { EventBus } from './event-bus.js';
import type { AggregateCache } from './aggregate-cache.js';

/** Starts a run with the configured source and judge and returns at once; the run goes on in the background. */
export type StartRun = () => Promise<{ runId: string }>;

/** What the app is built from; the server holds no business logic of its own. */
export interface AppDeps {
  store: Store;
  /** The bearer token every request must carry; null turns auth off (`--no-auth`). */
  token: string | null;
  /** Absent when this server cannot start runs: `POST /api/runs` then answers 503. */
  startRun?: StartRun;
  /** What the evaluation queue holds now; absent when the store has no queue (SQLite). */
  queueStats?: () => Promise<QueueStats>;
  /** Live run and result events for `GET /api/events`. */
  events?: EventBus;
  /** Where unexpected errors are reported (never to the client). */
  log?: (line: string) => void;
  /** Milliseconds between SSE keep-alive comments. */
  keepAliveMs?: number;
  /** Open `GET /api/events` streams kept at once before 503 (default 64). */
  maxEventStreams?: number;
  /** Where comparisons and trends are kept per data version; createApp makes one when none is given. */
  cache?: AggregateCache;
  /** Keeps one OTLP/HTTP JSON request (traces or logs) as a line; absent, `/v1/traces` and `/v1/logs` answer 503. */
  receiveOtlp?: (signal: 'traces' | 'logs', line: string) => Promise<void>;
  /** Host names the server answers to (default: the loopback names); null turns the Host check off. */
  allowedHosts?: readonly string[] | null;
}

/** What the routes are built from: the deps with the aggregate cache createApp always provides. */
export type RouteDeps = AppDeps & { cache: AggregateCache };
