import type { Command } from 'commander';
import { StoreError } from '../../core/index.js';
import {
  loadConfig,
  openProjectStore,
  resolveStoreLocation as resolveRunStoreLocation,
  type TaskevalConfig,
} from '../../runs/index.js';
import { sqliteStoreBytes, storeExists, type Store, type StoreLocation } from '../../store/index.js';
import type { CliIo } from '../cli-io.js';
import { terminalSafe } from '../render/terminal-safe.js';
import { sayOnce } from '../say-once.js';

/** Flags that say which store a command reads and writes. */
export interface StoreOptionValues {
  db?: string;
  config?: string;
  project?: string;
}

/** Adds --db, and --project for the store's default place, unless the command has them. */
export function addStoreOption(command: Command): Command {
  const has = (flag: string) => command.options.some((o) => o.long === flag);
  if (!has('--db')) {
    command.option(
      '--db <path|url>',
      'store: a SQLite file or a postgres:// URL (?schema=NAME) (default: TASKEVAL_DATABASE_URL, else "db" in taskeval.config.json, else <project>/.taskeval/taskeval.db)',
    );
  }
  if (!has('--project'))
    command.option(
      '--project <dir>',
      'project whose store (<project>/.taskeval/taskeval.db) to use when --db is not given (default: the current directory)',
    );
  return command;
}

/** Where the store is, as runs' resolveStoreLocation decides it from the flags, the environment and the config. */
export function resolveStoreLocation(
  values: StoreOptionValues,
  io: CliIo,
  config: TaskevalConfig,
  configPath: string | null,
): StoreLocation {
  return resolveRunStoreLocation(values, { cwd: io.cwd, env: io.env }, config, configPath);
}

/** An open store with its path and config; stale runs a killed process left are marked failed on the way. */
export interface CliStore {
  store: Store;
  location: StoreLocation;
  config: TaskevalConfig;
  /** The config file read, or null when there is none. */
  configPath: string | null;
  close: () => Promise<void>;
}

/** Refuses a SQLite path with no file: a mistyped --db is an error, never a new empty store. */
export function assertStoreExists(location: StoreLocation): void {
  if (!storeExists(location)) {
    throw new StoreError('not_found', `no taskeval store at ${location.display}`, {
      field: 'db',
      hint: 'evaluate first with `taskeval run`, or name the store with --db PATH',
    });
  }
}

/**
 * Opens the store the flags name and reports runs it recovered as interrupted (to stderr). Reading
 * commands pass `mustExist` so a mistyped --db is an error instead of a new empty store, and
 * `readOnly` to open it for reading only: no integrity check, no migration, no recovery, nothing written.
 */
export async function openCliStore(
  values: StoreOptionValues,
  io: CliIo,
  options: { mustExist?: boolean; readOnly?: boolean; clock?: () => Date } = {},
): Promise<CliStore> {
  const clock = options.clock ?? (() => new Date());
  const { config, path: configPath } = await loadConfig(io.cwd, values.config);
  const location = resolveStoreLocation(values, io, config, configPath);
  const store = await openStoreAt(location, io, { ...options, clock });
  return { store, location, config, configPath, close: () => store.close() };
}

/** A SQLite store past this size takes about a second or more to check before a write (0.9 GB: 1.3 s from cache). */
export const CHECK_NOTICE_BYTES = 512 * 1024 * 1024;

/**
 * Opens the store at `location` as every command does: named once on stderr, upgraded with a backup (said),
 * and runs a killed process left marked failed (said, with how to resume them). A writing command's check of
 * a large SQLite file reads all of it at once (seconds to minutes, nothing else said meanwhile): it is said first.
 */
export async function openStoreAt(
  location: StoreLocation,
  io: CliIo,
  options: { mustExist?: boolean; readOnly?: boolean; clock?: () => Date; checkNoticeBytes?: number } = {},
): Promise<Store> {
  const clock = options.clock ?? (() => new Date());
  if (options.mustExist) assertStoreExists(location);
  const bytes = options.readOnly ? 0 : sqliteStoreBytes(location);
  if (bytes > (options.checkNoticeBytes ?? CHECK_NOTICE_BYTES)) {
    io.stderr(
      `store: checking ${terminalSafe(location.display)} (${(bytes / 1024 ** 3).toFixed(1)} GiB) before writing to it; the check reads the whole file\n`,
    );
  }
  const { store, recovered } = await openProjectStore({
    location,
    clock,
    checkIntegrity: !options.readOnly,
    readOnly: options.readOnly ?? false,
  });
  sayOnce(io, `store: ${terminalSafe(location.display)}\n`);
  if (store.upgraded) {
    const { from, to, backup } = store.upgraded;
    io.stderr(
      `note: upgraded the store from schema ${from} to ${to}${backup ? `; the store as it was is kept at ${backup}` : ''}\n`,
    );
  }
  for (const note of store.notes ?? []) io.stderr(`note: ${note}\n`);
  for (const run of recovered) {
    io.stderr(
      `note: run ${run.id} (${run.trigger}) stopped without finishing; marked failed (interrupted). Resume it with \`taskeval run --resume ${run.id}\`\n`,
    );
  }
  return store;
}
