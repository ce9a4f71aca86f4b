import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { ConfigError } from '../core/index.js';

export interface RunningServer {
  host: string;
  port: number;
  /** `http://host:port`, with IPv6 hosts in brackets. */
  origin: string;
  /** Stops accepting, ends open connections (SSE streams included) and resolves when closed. */
  close(): Promise<void>;
}

/** Listens with @hono/node-server; port 0 picks a free port, reported in the result. */
export function startServer(app: Hono, options: { host: string; port: number }): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    let server: Server;
    const onError = (error: NodeJS.ErrnoException) => {
      const why =
        error.code === 'EADDRINUSE'
          ? 'the port is in use'
          : error.code === 'EACCES'
            ? 'permission denied'
            : error.message;
      reject(
        new ConfigError('usage', `cannot listen on ${options.host}:${options.port}: ${why}`, {
          cause: error,
          field: 'port',
          hint: 'Pick another --port (0 picks a free one).',
        }),
      );
    };
    server = serve(
      {
        fetch: app.fetch,
        hostname: options.host,
        port: options.port,
        // Node's 5 s keep-alive timer fired right after a stalled event loop and closed sockets on which clients
        // had just sent their next request (connection resets under load). An idle browser or script connection
        // is kept a minute; headers must come within a little more, and a whole request within two minutes.
        serverOptions: { keepAliveTimeout: 65_000, headersTimeout: 66_000, requestTimeout: 120_000 },
      },
      (info: AddressInfo) => {
        server.off('error', onError);
        const host = info.address;
        const origin = `http://${host.includes(':') ? `[${host}]` : host}:${info.port}`;
        resolve({
          host,
          port: info.port,
          origin,
          close: () =>
            new Promise<void>((done, fail) => {
              server.close((error) => (error ? fail(error) : done()));
              server.closeAllConnections();
            }),
        });
      },
    ) as Server;
    server.once('error', onError);
  });
}
