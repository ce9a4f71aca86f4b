import { spawn } from 'node:child_process';
import { SourceError } from '../../core/index.js';

/** How one git command is run. */
export interface GitRunOptions {
  cwd: string;
  signal?: AbortSignal;
  /** When given, stdout is streamed here in chunks instead of collected. */
  onStdout?: (chunk: Buffer) => void;
  /** Written to git's stdin, which is closed after it (`--stdin` commands). */
  input?: string;
}

/** What a finished git command gave back; stdout is empty when it was streamed. */
export interface GitRunResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Runs one git command; injectable so tests can count or fake the processes taskeval starts. */
export type GitRunner = (args: readonly string[], options: GitRunOptions) => Promise<GitRunResult>;

const STDERR_LIMIT = 64 * 1024;

/**
 * The default GitRunner: spawns `git` directly, never through a shell, and resolves with its exit code.
 * Rejects with SourceError `source_unreadable` when git is missing and `cancelled` when the signal aborts.
 */
export const runGit: GitRunner = (args, options) =>
  new Promise<GitRunResult>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(cancelled(args));
      return;
    }
    const child = spawn('git', [...args], {
      cwd: options.cwd,
      shell: false,
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const out: Buffer[] = [];
    let stderr = '';
    if (options.input !== undefined && child.stdin) {
      // git may exit before reading all of stdin (a bad revision); its exit code says why, not EPIPE.
      child.stdin.on('error', () => {});
      child.stdin.end(options.input);
    }
    child.stdout!.on('data', (chunk: Buffer) => {
      if (options.onStdout) options.onStdout(chunk);
      else out.push(chunk);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      if (stderr.length < STDERR_LIMIT) stderr += chunk.toString('utf8');
    });
    let failed = false;
    child.on('error', (error: NodeJS.ErrnoException) => {
      failed = true;
      if (error.name === 'AbortError') reject(cancelled(args));
      else if (error.code === 'ENOENT') {
        reject(
          new SourceError(
            'source_unreadable',
            'git was not found on PATH; taskeval reads commit history with the git command',
            {
              cause: error,
              hint: 'install git (2.20 or newer) or add it to PATH',
            },
          ),
        );
      } else {
        reject(
          new SourceError('source_unreadable', `could not start git in ${options.cwd}: ${error.message}`, {
            cause: error,
          }),
        );
      }
    });
    child.on('close', (code) => {
      if (failed) return;
      if (options.signal?.aborted) {
        reject(cancelled(args));
        return;
      }
      resolve({ exitCode: code ?? 1, stdout: Buffer.concat(out).toString('utf8'), stderr });
    });
  });

function cancelled(args: readonly string[]): SourceError {
  return new SourceError(
    'cancelled',
    `git ${args.find((a) => !a.startsWith('-') && !a.includes('=')) ?? ''} was cancelled`,
  );
}
