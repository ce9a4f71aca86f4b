import { randomUUID } from 'node:crypto';

/** A random id with a readable prefix: `run_…`, `res_…`. */
export function newId(prefix: 'run' | 'res' | 'val' | 'rat'): string {
  return `${prefix}_${randomUUID().replaceAll('-', '')}`;
}
