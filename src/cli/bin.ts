#!/usr/bin/env node
import { processIo } from './cli-io.js';
import { OutputError } from '../core/errors/index.js';
import { exitCodeFor } from './exit-codes.js';
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

// A closed pipe (`taskeval score ... | head`) must not crash the process before commands clean up;
// any other write failure (a full disk) is said once at the end, with its own exit code.
let outputFailure: NodeJS.ErrnoException | null = null;
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') outputFailure ??= error;
  });
}

const code = await runCli(process.argv.slice(2), processIo(controller.signal));
// Write errors surface asynchronously: let the last write report before the exit code is chosen.
await new Promise<void>((done) => process.stdout.write('', () => setImmediate(done)));
const failure = outputFailure as NodeJS.ErrnoException | null;
if (failure) {
  const error = new OutputError('output_failed', `cannot write the output: ${failure.message}`);
  try {
    process.stderr.write(`taskeval: ${error.message}\n`);
  } catch {
    // stderr is gone as well: the exit code says it.
  }
  process.exitCode = Math.max(code, exitCodeFor(error));
} else {
  process.exitCode = code;
}
