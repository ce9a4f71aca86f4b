import { ConfigError } from '../../core/index.js';

/** Reads --fail-under: a whole score from 0 to 100. */
export function parseFailUnder(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text.trim()) || Number(text) > 100) {
    throw new ConfigError('usage', `--fail-under must be a whole score from 0 to 100, got "${text}"`, {
      field: '--fail-under',
    });
  }
  return Number(text);
}
