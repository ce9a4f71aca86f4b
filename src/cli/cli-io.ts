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
}

export function processIo(signal?: AbortSignal): CliIo {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    isTTY: Boolean(process.stdout.isTTY),
    cwd: process.cwd(),
    env: process.env,
    // A getter: touching process.stdin opens it, which only the commands that ask should do.
    get stdin() {
      return process.stdin;
    },
    ...(signal ? { signal } : {}),
  };
}
