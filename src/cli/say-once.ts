import type { CliIo } from './cli-io.js';

const said = new WeakMap<CliIo, Set<string>>();

/** Writes a line to stderr the first time a command says it: a store or repository opened twice is named once. */
export function sayOnce(io: CliIo, line: string): void {
  const lines = said.get(io) ?? new Set<string>();
  said.set(io, lines);
  if (lines.has(line)) return;
  lines.add(line);
  io.stderr(line);
}
