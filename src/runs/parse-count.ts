import { ConfigError } from '../core/index.js';

/** Reads a whole-number flag within bounds; a bad value names the flag (exit 2). */
export function parseCount(flag: string, text: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^\d+$/.test(text.trim()) || Number(text) < min || Number(text) > max) {
    throw new ConfigError(
      'usage',
      `${flag} must be a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}, got "${text}"`,
      { field: flag },
    );
  }
  return Number(text);
}
