import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Where a Fusion project keeps its data, relative to the project directory. */
export const FUSION_DB = join('.fusion', 'fusion.db');
export const FUSION_ARCHIVE_DB = join('.fusion', 'archive.db');
export const FUSION_TASK_DIRS = [join('.fusion', 'tasks'), join('.kb', 'tasks')] as const;

/** True when `dir` holds a Fusion database or a Fusion/kb task folder. */
export function detectFusionProject(dir: string): boolean {
  if (existsSync(join(dir, FUSION_DB))) return true;
  return FUSION_TASK_DIRS.some((tasks) => {
    try {
      return statSync(join(dir, tasks)).isDirectory();
    } catch {
      return false;
    }
  });
}
