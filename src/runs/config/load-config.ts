import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ConfigError } from '../../core/index.js';
import { parseConfig } from './parse-config.js';
import type { TaskevalConfig } from './taskeval-config.js';

export const CONFIG_FILE_NAME = 'taskeval.config.json';
/** A config file is a page of settings; anything larger is not one. */
const MAX_CONFIG_CHARS = 1024 * 1024;

/** Reads the config file: the given path, or taskeval.config.json in `dir` when it exists. */
export async function loadConfig(dir: string, explicitPath?: string): Promise<{ config: TaskevalConfig; path: string | null }> {
  const path = explicitPath ? resolve(dir, explicitPath) : join(dir, CONFIG_FILE_NAME);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (!explicitPath && (error as NodeJS.ErrnoException).code === 'ENOENT') return { config: {}, path: null };
    throw new ConfigError('invalid_config', `cannot read config file ${path}: ${(error as Error).message}`, { cause: error, field: 'config' });
  }
  if (text.length > MAX_CONFIG_CHARS) throw new ConfigError('invalid_config', `config file ${path} is ${text.length} characters, over the limit of ${MAX_CONFIG_CHARS}`, { field: 'config' });
  // Editors on Windows save UTF-8 with a byte-order mark, which JSON.parse rejects; task files accept it too.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError('invalid_config', `config file ${path} is not valid JSON: ${(error as Error).message}`, { cause: error, field: 'config' });
  }
  return { config: parseConfig(json, path), path };
}
