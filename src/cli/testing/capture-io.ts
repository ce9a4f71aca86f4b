import type { CliIo } from '../cli-io.js';

/** A CliIo that records what a command writes, for in-process CLI tests. */
export interface CapturedIo extends CliIo {
  out: () => string;
  err: () => string;
}

export function captureIo(cwd: string, overrides: Partial<CliIo> = {}): CapturedIo {
  let out = '';
  let err = '';
  return {
    stdout: (text) => void (out += text),
    stderr: (text) => void (err += text),
    isTTY: false,
    cwd,
    env: {},
    ...overrides,
    out: () => out,
    err: () => err,
  };
}
