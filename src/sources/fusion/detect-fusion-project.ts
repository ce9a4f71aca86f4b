import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Where a Fusion project keeps its data, relative to the project directory. */
export const FUSION_DB = join('.fusion', 'fusion.db');
export const FUSION_ARCHIVE_DB = join('.fusion', 'archive.db');
/** Fusion versions that keep their data in PostgreSQL name the project here, and may write its DATABASE_URL beside it. */
export const FUSION_PROJECT_JSON = join('.fusion', 'project.json');
export const FUSION_ENV = join('.fusion', '.env');
export const FUSION_TASK_DIRS = [join('.fusion', 'tasks'), join('.kb', 'tasks')] as const;

/** True when `dir` holds a Fusion database, a Fusion project file or a Fusion/kb task folder. */
export function detectFusionProject(dir: string): boolean {
  if (existsSync(join(dir, FUSION_DB)) || existsSync(join(dir, FUSION_PROJECT_JSON))) return true;
  return FUSION_TASK_DIRS.some((tasks) => {
    try {
      return statSync(join(dir, tasks)).isDirectory();
    } catch {
      return false;
    }
  });
}
