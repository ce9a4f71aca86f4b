import { createHash } from 'node:crypto';
import { resolve } from 'node:path';

/** A stable project id for a directory with no Fusion project id: `path:` and 16 hex digits of sha256 of its resolved path. */
export function pathProjectId(dir: string): string {
  return `path:${createHash('sha256').update(resolve(dir)).digest('hex').slice(0, 16)}`;
}
