import { spawn } from 'node:child_process';
import { JudgeError } from '../../core/index.js';
import { JudgeCallError } from '../judge-call-error.js';
import { commandJudgeEnv, scrubSecrets } from './command-environment.js';
import { ZERO_USAGE, type Judge, type JudgeRequest, type JudgeResponse } from '../judge.js';

export interface CommandJudgeOptions {
  /** Program and arguments; run without a shell. */
  command: readonly string[];
  /** Shown as the model in provenance and part of the cache key; defaults to the whole command line. */
  model?: string;
  /** The caller's environment; the child gets only the base variables and `passEnv` from it. */
  env?: NodeJS.ProcessEnv;
  /** Variables passed to the command besides the base ones (`judge.commandEnv`). */
  passEnv?: readonly string[];
  cwd?: string;
  /** Cap on stdout kept, in bytes. */
  maxOutputBytes?: number;
}

/** A judge that is any command line reading the prompt on stdin and printing the answer (`claude -p`, `llm -m ...`). */
export function createCommandJudge(options: CommandJudgeOptions): Judge {
  const [program, ...args] = options.command;
  if (!program) throw new JudgeError('judge_config', 'judge command is empty', { field: 'judge.command' });
  const maxBytes = options.maxOutputBytes ?? 4 * 1024 * 1024;
  return {
    specificationVersion: 'v1',
    provider: 'command',
    // The whole line, so `llm -m a` and `llm -m b` never share cached answers.
    modelId: options.model ?? options.command.join(' '),
    supportsStructuredOutput: false,
    complete: (request) => runCommand(program, args, request, { ...options, maxBytes }),
  };
}

function runCommand(
  program: string,
  args: string[],
  request: JudgeRequest,
  options: CommandJudgeOptions & { maxBytes: number },
): Promise<JudgeResponse> {
  return new Promise((resolve, reject) => {
    if (request.signal?.aborted) return reject(new JudgeError('cancelled', 'judge command interrupted'));
    const parentEnv = options.env ?? process.env;
    const child = spawn(program, args, {
      shell: false,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: commandJudgeEnv(parentEnv, options.passEnv),
      cwd: options.cwd,
      windowsHide: true,
    });
    const out: Buffer[] = [];
    let outBytes = 0;
    let errText = '';
    let ended: 'timeout' | 'cancelled' | null = null;
    const kill = (why: 'timeout' | 'cancelled') => {
      ended = why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => kill('timeout'), request.timeoutMs);
    const onAbort = () => kill('cancelled');
    request.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes <= options.maxBytes) out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (errText.length < 2000) errText += chunk.toString('utf8');
    });
    // A command that exits before reading its stdin must not crash us with EPIPE.
    child.stdin.on('error', () => undefined);
    child.stdin.end(`${request.system}\n\n${request.prompt}\n`);
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
      if (error.code === 'ENOENT') {
        reject(
          new JudgeError('judge_config', `judge command not found: ${program}`, {
            field: 'judge.command',
            hint: 'Install it or give the full path with --judge-command.',
          }),
        );
      } else
        reject(
          new JudgeCallError(`judge command ${program} could not start: ${error.message}`, {
            retryable: false,
            transient: true,
          }),
        );
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
      if (ended === 'cancelled') return reject(new JudgeError('cancelled', 'judge command interrupted'));
      if (ended === 'timeout') {
        return reject(
          new JudgeCallError(
            `judge command ${program} did not finish within ${Math.round(request.timeoutMs / 1000)} s and was killed`,
            { retryable: true, transient: true, timedOut: true },
          ),
        );
      }
      if (code !== 0) {
        const why = signal ? `was killed by ${signal}` : `exited with code ${code}`;
        const stderr = scrubSecrets(errText.trim(), parentEnv).slice(0, 500);
        return reject(
          new JudgeCallError(`judge command ${program} ${why}: ${stderr || '(no stderr)'}`, {
            retryable: false,
            transient: true,
          }),
        );
      }
      // The answer is kept (bounded) when it is malformed, so a key echoed into it is scrubbed too.
      resolve({ text: scrubSecrets(Buffer.concat(out).toString('utf8'), parentEnv), usage: { ...ZERO_USAGE } });
    });
  });
}
