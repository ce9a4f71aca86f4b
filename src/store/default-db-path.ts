import { join } from 'node:path';

/** The embedded store's file inside the evaluated project. */
export function defaultDbPath(projectDir: string): string {
  return join(projectDir, '.taskeval', 'taskeval.db');
}
