import { dirname, resolve } from 'node:path';
import { defaultDbPath, parseStoreLocation, type StoreLocation } from '../store/index.js';
import type { TaskevalConfig } from './config/taskeval-config.js';

/** The flags that name a store. */
export interface StoreFlagValues {
  db?: string;
  project?: string;
}

/**
 * Where the store is: --db (a path or a postgres:// URL), else TASKEVAL_DATABASE_URL, else the config's
 * `db` (a path relative to the config file, or a URL), else `.taskeval/taskeval.db` in the project.
 */
export function resolveStoreLocation(
  values: StoreFlagValues,
  io: { cwd: string; env: NodeJS.ProcessEnv },
  config: TaskevalConfig,
  configPath: string | null,
): StoreLocation {
  if (values.db !== undefined) return parseStoreLocation(values.db, io.cwd);
  const fromEnv = io.env.TASKEVAL_DATABASE_URL?.trim();
  if (fromEnv) return parseStoreLocation(fromEnv, io.cwd);
  if (config.db) return parseStoreLocation(config.db, configPath ? dirname(configPath) : io.cwd);
  return parseStoreLocation(defaultDbPath(resolve(io.cwd, values.project ?? '.')), io.cwd);
}
