#!/usr/bin/env node
import { processIo } from './cli-io.js';
import { runCli } from './run-cli.js';

const controller = new AbortController();
let interrupts = 0;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    interrupts += 1;
    // A second Ctrl-C means "now": stop without waiting for cleanup.
    if (interrupts > 1) process.exit(130);
    controller.abort(new Error(`received ${signal}`));
  });
}

// A closed pipe (`taskeval score ... | head`) must not crash the process before commands clean up.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

const code = await runCli(process.argv.slice(2), processIo(controller.signal));
process.exitCode = code;
