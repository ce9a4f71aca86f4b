import { otlpReceiver } from './otlp-receiver.js';
import { join, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { ConfigError } from '../../core/index.js';
import {
  checkServeExposure,
  createApp,
  createEventBus,
  loadOrCreateServeToken,
  LOOPBACK_HOSTS,
  startServer,
  type StartRun,
} from '../../server/index.js';
import { EvaluationQueue, loadConfig, openProjectStore } from '../../runs/index.js';
import { hasEvaluationQueue, storeHome } from '../../store/index.js';
import type { CliIo } from '../cli-io.js';
import { assertStoreExists, resolveStoreLocation } from '../options/store-options.js';
import { createServeRuns } from './serve-start-run.js';

export const DEFAULT_SERVE_PORT = 4180;

interface ServeOptions {
  port: string;
  host: string;
  db?: string;
  project?: string;
  config?: string;
  auth: boolean;
  allowRemote?: boolean;
}

/** Optional wiring a caller adds, such as the run orchestration behind `POST /api/runs`. */
export interface ServeWiring {
  startRun?: StartRun;
}

function parsePort(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 65_535) {
    throw new ConfigError('usage', `--port must be a whole number from 0 to 65535, got "${value}"`, {
      field: 'port',
      hint: 'Use 0 to pick a free port.',
    });
  }
  return Number(value);
}

/** An address to type into a browser: the wildcard binds are reached through loopback. */
function browsableOrigin(host: string, port: number): string {
  if (host === '0.0.0.0') return `http://127.0.0.1:${port}`;
  if (host === '::') return `http://[::1]:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * The names the dashboard answers to: the loopback names and the bound host. A wildcard bind with
 * --allow-remote may be reached under any name, so the Host check is off there.
 */
function allowedHosts(options: ServeOptions): readonly string[] | null {
  const wildcard = ['0.0.0.0', '::', '[::]'].includes(options.host);
  if (wildcard) return options.allowRemote ? null : LOOPBACK_HOSTS;
  return [...LOOPBACK_HOSTS, options.host];
}

/** `taskeval serve`: the dashboard and JSON API over the store, token-protected, on 127.0.0.1 by default. */
export function registerServeCommand(program: Command, io: CliIo, wiring: ServeWiring = {}): void {
  program
    .command('serve')
    .alias('view')
    .description('serve the dashboard and JSON API over the store (127.0.0.1, token-protected)')
    .addOption(
      new Option('--port <n>', 'port to listen on; 0 picks a free one').default(
        String(DEFAULT_SERVE_PORT),
        String(DEFAULT_SERVE_PORT),
      ),
    )
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option(
      '--db <path|url>',
      'store: a SQLite file or a postgres:// URL (default: TASKEVAL_DATABASE_URL, else "db" in taskeval.config.json, else <project>/.taskeval/taskeval.db)',
    )
    .option('--project <dir>', 'project whose store to serve when --db is not given (default: the current directory)')
    .option(
      '--config <path>',
      'configuration file (default: taskeval.config.json in the current directory, when present)',
    )
    .option(
      '--no-auth',
      'accept requests without the token (prints a warning; refused with a non-loopback --host unless --allow-remote)',
    )
    .option(
      '--allow-remote',
      'serve other machines: answer requests under any host name with --host 0.0.0.0 or ::, and allow --no-auth with a non-loopback --host',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  taskeval serve\n  taskeval serve --port 0 --db ./ci/taskeval.db\n\nThe token lives in serve-token beside the database (mode 0600); see docs/dashboard.md.\n\n' +
        'OpenTelemetry in: POST /v1/traces and /v1/logs take OTLP/HTTP JSON (up to 8 MB a request, with the token) and keep\n' +
        'each request in otlp/ beside the database, where score, run and batch read agent sessions by default. For\n' +
        'Claude Code: CLAUDE_CODE_ENABLE_TELEMETRY=1 OTEL_LOGS_EXPORTER=otlp OTEL_EXPORTER_OTLP_PROTOCOL=http/json\n' +
        'OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4180 OTEL_EXPORTER_OTLP_HEADERS="Authorization=Bearer TOKEN".',
    )
    .action(async (options: ServeOptions) => {
      const port = parsePort(options.port);
      const warnings = checkServeExposure({
        host: options.host,
        auth: options.auth,
        allowRemote: options.allowRemote ?? false,
      });
      const { config, path: configPath } = await loadConfig(io.cwd, options.config);
      const location = resolveStoreLocation(options, io, config, configPath);
      // A mistyped --db must not become a new empty store.
      assertStoreExists(location);
      // Listings and counts walk indexes of 100k+ results: the server gives SQLite memory instead of re-reading pages.
      const { store } = await openProjectStore({
        location,
        checkIntegrity: true,
        cacheMiB: 64,
        mmapMiB: 256,
        textInMemory: true,
      });
      try {
        // Beside a SQLite file; for PostgreSQL in the project's .taskeval directory.
        const tokenDir = storeHome(location, join(resolve(io.cwd, options.project ?? '.'), '.taskeval'));
        const token = options.auth ? (await loadOrCreateServeToken(tokenDir)).token : null;
        const events = createEventBus();
        const runs = createServeRuns({ store, io, config, configPath, events, log: (line) => io.stderr(`${line}\n`) });
        // A PostgreSQL store has an evaluation queue: opened on the first look at it, closed on the way out.
        const held: { queue: Promise<EvaluationQueue> | null } = { queue: null };
        const openQueue = () =>
          EvaluationQueue.open(location).catch((error: unknown) => {
            held.queue = null; // try again on the next look instead of keeping the failure
            throw error;
          });
        const queueStats = hasEvaluationQueue(location)
          ? async () => (await (held.queue ??= openQueue())).stats()
          : undefined;
        const app = createApp({
          store,
          token,
          events,
          log: (line) => io.stderr(`${line}\n`),
          startRun: wiring.startRun ?? runs.startRun,
          allowedHosts: allowedHosts(options),
          // Agents' telemetry lands beside the store, where score, run and batch look for sessions by default.
          receiveOtlp: otlpReceiver(join(tokenDir, 'otlp')),
          ...(queueStats ? { queueStats } : {}),
        });
        const server = await startServer(app, { host: options.host, port });
        for (const warning of warnings) io.stderr(`${warning}\n`);
        const origin = browsableOrigin(server.host, server.port);
        io.stdout(`taskeval dashboard on ${origin} (store ${location.display})\n`);
        io.stdout(`Open: ${origin}/${token ? `?token=${token}` : ''}\n`);
        io.stdout('Press Ctrl-C to stop.\n');
        await new Promise<void>((done) => {
          if (!io.signal) return;
          if (io.signal.aborted) return done();
          io.signal.addEventListener('abort', () => done(), { once: true });
        });
        await server.close();
        await runs.drain();
        if (held.queue) await (await held.queue.catch(() => null))?.close();
        io.stdout('Stopped.\n');
      } finally {
        await store.close();
      }
    });
}
