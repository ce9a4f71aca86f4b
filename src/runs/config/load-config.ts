import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { ConfigError } from '../../core/index.js';
import { parseConfig } from './parse-config.js';
import type { TaskevalConfig } from './taskeval-config.js';

export const CONFIG_FILE_NAME = 'taskeval.config.json';
/** A config file is a page of settings; anything larger is not one. */
const MAX_CONFIG_CHARS = 1024 * 1024;

/** Where a config may live in a directory, in the order they are looked for. */
export const CONFIG_LOCATIONS = [CONFIG_FILE_NAME, join('.taskeval', 'config.json'), 'package.json'] as const;

/**
 * Reads the config: the given path, else the first of taskeval.config.json, .taskeval/config.json or a
 * `taskeval` key in package.json, looked for in `dir` and each parent up to the repository root (the
 * directory holding .git) or the file-system root. Relative paths inside are relative to the file found.
 */
export async function loadConfig(
  dir: string,
  explicitPath?: string,
): Promise<{ config: TaskevalConfig; path: string | null }> {
  if (explicitPath) {
    const path = resolve(dir, explicitPath);
    return { config: parseConfig(await readConfigJson(path), path), path };
  }
  for (let at = resolve(dir); ;) {
    for (const name of CONFIG_LOCATIONS) {
      const path = join(at, name);
      if (!existsSync(path)) continue;
      const json = await readConfigJson(path);
      if (name !== 'package.json') return { config: parseConfig(json, path), path };
      const key = (json as { taskeval?: unknown } | null)?.taskeval;
      if (key !== undefined) return { config: parseConfig(key, `${path} (the "taskeval" key)`), path };
    }
    const parent = dirname(at);
    if (existsSync(join(at, '.git')) || parent === at) return { config: {}, path: null };
    at = parent;
  }
}

async function readConfigJson(path: string): Promise<unknown> {
  let text: string;
  try {
    // Opening a FIFO or a device blocks, deaf to signals, until a writer comes: refuse anything but a file,
    // and a file too large to be settings, before opening it.
    const info = await stat(path);
    if (!info.isFile())
      throw new ConfigError('invalid_config', `config file ${path} is ${kindOf(info)}, not a regular file`, {
        field: 'config',
      });
    if (info.size > MAX_CONFIG_CHARS * 4)
      throw new ConfigError(
        'invalid_config',
        `config file ${path} is ${info.size} bytes, over the limit of ${MAX_CONFIG_CHARS * 4}`,
        {
          field: 'config',
        },
      );
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError('invalid_config', `cannot read config file ${path}: ${(error as Error).message}`, {
      cause: error,
      field: 'config',
    });
  }
  if (text.length > MAX_CONFIG_CHARS)
    throw new ConfigError(
      'invalid_config',
      `config file ${path} is ${text.length} characters, over the limit of ${MAX_CONFIG_CHARS}`,
      { field: 'config' },
    );
  // Editors on Windows save UTF-8 with a byte-order mark, which JSON.parse rejects; task files accept it too.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return JSON.parse(stripConfigComments(text));
  } catch (error) {
    throw new ConfigError('invalid_config', `config file ${path} is not valid JSON: ${(error as Error).message}`, {
      cause: error,
      field: 'config',
    });
  }
}

/** Blanks every line that starts with // (`taskeval init` writes such comments), so error line numbers still hold. */
export function stripConfigComments(text: string): string {
  return text.replace(/^[ \t]*\/\/.*$/gm, '');
}

function kindOf(info: Awaited<ReturnType<typeof stat>>): string {
  if (info.isDirectory()) return 'a directory';
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isSocket()) return 'a socket';
  return 'a device';
}
