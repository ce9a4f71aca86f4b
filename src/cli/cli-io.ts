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
}

export function processIo(signal?: AbortSignal): CliIo {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    isTTY: Boolean(process.stdout.isTTY),
    cwd: process.cwd(),
    env: process.env,
    ...(signal ? { signal } : {}),
  };
}
