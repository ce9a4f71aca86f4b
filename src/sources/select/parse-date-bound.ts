import { ConfigError } from '../../core/index.js';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const DAY_MS = 86_400_000;

/**
 * A date flag as epoch milliseconds. A bare `YYYY-MM-DD` is UTC midnight; as an `end` bound it means the
 * whole day, so the returned value is the last millisecond of it. Anything else is a ConfigError naming the flag.
 */
export function parseDateBound(value: string, flag: string, edge: 'start' | 'end'): number {
  const day = DATE_ONLY.exec(value);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const at = Date.UTC(y, m - 1, d);
    const check = new Date(at);
    if (check.getUTCFullYear() === y && check.getUTCMonth() === m - 1 && check.getUTCDate() === d)
      return edge === 'end' ? at + DAY_MS - 1 : at;
  } else if (ISO.test(value)) {
    const at = Date.parse(value);
    if (!Number.isNaN(at)) return at;
  }
  throw new ConfigError(
    'usage',
    `${flag} ${JSON.stringify(value)} is not a date: expected YYYY-MM-DD or an ISO-8601 date-time such as 2026-03-30T15:00:00Z`,
    {
      field: flag,
      hint: `Give ${flag} a date like 2026-03-30 (UTC) or 2026-03-30T15:00:00Z.`,
    },
  );
}
