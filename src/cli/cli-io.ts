/** Where a command writes; injected so commands run in tests without a process. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stdout is an interactive terminal (progress bars, colours). */
  isTTY: boolean;
  /** Working directory for relative paths and the default store. */
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Aborted on Ctrl-C. */
  signal?: AbortSignal;
  /** What the user types or pipes in, for the commands that ask (label). */
  stdin?: NodeJS.ReadableStream;
  /**
   * Resolves once stdout has passed on what was written. A pipe's reader (`| jq`) may be slower than taskeval, and
   * Node buffers whatever it has not taken in memory: a command that writes much awaits this between parts.
   */
  drained?: () => Promise<void>;
}

export function processIo(signal?: AbortSignal): CliIo {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    isTTY: Boolean(process.stdout.isTTY),
    cwd: process.cwd(),
    env: process.env,
    drained: () => drained(process.stdout),
    // A getter: touching process.stdin opens it, which only the commands that ask should do.
    get stdin() {
      return process.stdin;
    },
    ...(signal ? { signal } : {}),
  };
}

/** Waits for a stream's buffer to empty; a stream that closes or fails (a reader gone) ends the wait too. */
export function drained(
  stream: NodeJS.WritableStream & { writableNeedDrain: boolean; destroyed: boolean },
): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise((done) => {
    const finish = () => {
      stream.removeListener('drain', finish).removeListener('close', finish).removeListener('error', finish);
      done();
    };
    stream.once('drain', finish).once('close', finish).once('error', finish);
  });
}
