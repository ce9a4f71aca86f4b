import { readdir } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { compileUserPattern, type TextPattern } from '../../core/index.js';

/** File names a transcript may have. */
const TRANSCRIPT_FILE = /\.(jsonl|ndjson|json|traj)$/i;
const MAX_DEPTH = 8;
const MAX_FILES = 100_000;

/** A transcript file found under a base directory. */
export interface TranscriptFile {
  path: string;
  /** Path relative to the base, with `/` separators. */
  rel: string;
}

/** Transcript-like files under `root` (hidden folders and node_modules skipped), sorted by path. */
export async function listTranscriptFiles(base: string, root: string = base): Promise<TranscriptFile[]> {
  const found: TranscriptFile[] = [];
  async function walk(dir: string, depth: number): Promise<void> {
    if (depth > MAX_DEPTH || found.length >= MAX_FILES) return;
    let items;
    try {
      items = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (dir === root) throw error;
      return;
    }
    for (const item of items) {
      const path = join(dir, item.name);
      if (item.isDirectory()) {
        if (!item.name.startsWith('.') && item.name !== 'node_modules') await walk(path, depth + 1);
      } else if (item.isFile() && TRANSCRIPT_FILE.test(item.name) && found.length < MAX_FILES) {
        found.push({ path, rel: relative(base, path).split(sep).join('/') });
      }
    }
  }
  await walk(root, 0);
  return found.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
}

/** The directory a pattern's wildcards start below (`transcripts/{id}/*.jsonl` → `transcripts`). */
export function patternRoot(pattern: string): string {
  const segments = pattern.split('/');
  const fixed: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (/[*?{]/.test(segment)) break;
    fixed.push(segment);
  }
  const root = fixed.join('/');
  return isAbsolute(pattern) && root === '' ? '/' : root;
}

/**
 * A case-insensitive matcher for a glob-ish template (`*`, `**`, `?`, `{id}`) with the id filled in; on the
 * linear-time engine, since a template of many stars backtracks polynomially on a native one.
 */
export function compileTranscriptPattern(pattern: string, id: string): TextPattern {
  const filled = pattern.replaceAll('{id}', '\u0000');
  let source = '';
  for (let i = 0; i < filled.length; i++) {
    const c = filled[i]!;
    if (c === '\u0000') source += escape(id);
    else if (c === '*' && filled[i + 1] === '*') {
      const slash = filled[i + 2] === '/';
      source += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else source += escape(c);
  }
  return compileUserPattern(`^${source}$`, { ignoreCase: true });
}

/** True when a path segment names the task id, not a longer one (`FN-1` is not in `FN-12`). */
export function segmentNamesId(rel: string, id: string): boolean {
  const re = new RegExp(`(^|[^a-z0-9])${escape(id)}($|[^a-z0-9])`, 'i');
  return rel.split('/').some((segment) => re.test(segment));
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
