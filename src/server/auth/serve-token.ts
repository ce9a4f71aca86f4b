import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from '../../core/index.js';

export const SERVE_TOKEN_FILE = 'serve-token';

const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

/** Reads the dashboard token from `<dir>/serve-token`, creating it (32 random bytes, hex, mode 0600) on first start. */
export async function loadOrCreateServeToken(dir: string): Promise<{ token: string; path: string; created: boolean }> {
  const path = join(dir, SERVE_TOKEN_FILE);
  let existing: string | null = null;
  try {
    existing = (await readFile(path, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ConfigError('invalid_config', `cannot read the dashboard token ${path}: ${(error as Error).message}`, {
        cause: error,
        field: 'token',
      });
    }
  }
  if (existing !== null) {
    if (!TOKEN_PATTERN.test(existing)) {
      throw new ConfigError('invalid_config', `the dashboard token in ${path} is not 64 hex characters`, {
        field: 'token',
        hint: `Delete ${path} and start \`taskeval serve\` again to make a new one.`,
      });
    }
    // Keep the secret private even if someone loosened the mode.
    await chmod(path, 0o600);
    return { token: existing, path, created: false };
  }
  const token = randomBytes(32).toString('hex');
  await mkdir(dir, { recursive: true });
  // `wx` so two servers starting at once cannot overwrite each other's token.
  try {
    await writeFile(path, `${token}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateServeToken(dir);
    throw new ConfigError('invalid_config', `cannot write the dashboard token ${path}: ${(error as Error).message}`, {
      cause: error,
      field: 'token',
    });
  }
  await chmod(path, 0o600);
  return { token, path, created: true };
}

/** Compares a presented token with the expected one in constant time. */
export function tokensEqual(presented: string | undefined | null, expected: string): boolean {
  if (typeof presented !== 'string') return false;
  const a = Buffer.from(presented, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  // Compare against itself on a length mismatch so timing does not reveal the length check.
  if (a.length !== b.length) {
    timingSafeEqual(b, b);
    return false;
  }
  return timingSafeEqual(a, b);
}
