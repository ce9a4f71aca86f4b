import { readdir } from 'node:fs/promises';
import { join, sep } from 'node:path';

const MAX_DEPTH = 6;

/** A directory's entry names, none when it cannot be read. */
export async function list(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => []);
}

/** Session files are JSONL, Codex's compressed ones JSONL with zstd. */
export const isSessionFile = (name: string) => name.endsWith('.jsonl') || name.endsWith('.jsonl.zst');

/** Every session file below `dir` (six levels at most); a Claude Code session's subagents are read with the session. */
export async function walkSessionFiles(dir: string, depth = 0): Promise<string[]> {
  if (depth > MAX_DEPTH) return [];
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const e of entries) {
    if (e.isDirectory() && e.name !== 'subagents') out.push(...(await walkSessionFiles(join(dir, e.name), depth + 1)));
    else if (e.isFile() && isSessionFile(e.name)) out.push(join(dir, e.name));
  }
  return out;
}

/** True when `cwd` is one of the directories or below one. */
export function isWithin(cwd: string, dirs: readonly string[]): boolean {
  const c = cwd.replace(/[\\/]+$/, '');
  return dirs.some((r) => c === r || c.startsWith(r + sep) || c.startsWith(`${r}/`));
}
