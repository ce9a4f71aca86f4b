import { open, readdir } from 'node:fs/promises';
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

/**
 * The complete lines of a file's first `headBytes` and last `tailBytes` (a line cut at either edge is left out);
 * a file no longer than both together is read whole into `head`, `tail` then empty. Null when it cannot be read.
 * Session files are append-only logs: their first and last records say who, where and when.
 */
export async function fileEndLines(
  path: string,
  headBytes: number,
  tailBytes: number = headBytes,
): Promise<{ head: string[]; tail: string[] } | null> {
  const file = await open(path, 'r').catch(() => null);
  if (!file) return null;
  try {
    const { size } = await file.stat();
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead).toString('utf8');
    };
    if (size <= headBytes + tailBytes) return { head: (await read(0, size)).split('\n'), tail: [] };
    return {
      head: (await read(0, headBytes)).split('\n').slice(0, -1),
      tail: (await read(size - tailBytes, tailBytes)).split('\n').slice(1),
    };
  } catch {
    return null;
  } finally {
    await file.close();
  }
}
