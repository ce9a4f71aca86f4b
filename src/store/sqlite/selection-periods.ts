/**
 * How a time selection is made of kept sums: the months it covers whole, the days it covers whole outside those
 * months, and the first or last day it covers only in part (read result by result). Bounds are inclusive, as
 * YYYY-MM and YYYY-MM-DD in UTC, the form stored times take.
 */
export interface SelectionPeriods {
  months: [string, string] | null;
  days: [string, string][];
  /** Each day covered in part, with the times on it the selection covers. */
  partial: { day: string; from: string; to: string }[];
}

const DAY_MS = 86_400_000;
const startOf = (day: string) => `${day}T00:00:00.000Z`;
const endOf = (day: string) => `${day}T23:59:59.999Z`;
const dayOf = (at: string) => at.slice(0, 10);
const shiftDay = (day: string, by: number) =>
  new Date(Date.parse(startOf(day)) + by * DAY_MS).toISOString().slice(0, 10);
const shiftMonth = (month: string, by: number) => {
  const d = new Date(Date.parse(`${month}-01T00:00:00.000Z`));
  d.setUTCMonth(d.getUTCMonth() + by);
  return d.toISOString().slice(0, 7);
};

/** The periods of the times from `since` to `until` (either open). */
export function selectionPeriods(since?: string, until?: string): SelectionPeriods {
  if (since !== undefined && until !== undefined && since > until) return { months: null, days: [], partial: [] };
  const partial: SelectionPeriods['partial'] = [];
  if (since !== undefined && until !== undefined && dayOf(since) === dayOf(until)) {
    if (since > startOf(dayOf(since)) || until < endOf(dayOf(until)))
      return { months: null, days: [], partial: [{ day: dayOf(since), from: since, to: until }] };
  } else {
    if (since !== undefined && since > startOf(dayOf(since)))
      partial.push({ day: dayOf(since), from: since, to: endOf(dayOf(since)) });
    if (until !== undefined && until < endOf(dayOf(until)))
      partial.push({ day: dayOf(until), from: startOf(dayOf(until)), to: until });
  }
  // The whole days: from the first to the last day not covered in part (open where the selection is).
  const first = since === undefined ? null : since > startOf(dayOf(since)) ? shiftDay(dayOf(since), 1) : dayOf(since);
  const last = until === undefined ? null : until < endOf(dayOf(until)) ? shiftDay(dayOf(until), -1) : dayOf(until);
  if (first !== null && last !== null && first > last) return { months: null, days: [], partial };
  const firstMonth =
    first === null ? '0000-01' : first.endsWith('-01') ? first.slice(0, 7) : shiftMonth(first.slice(0, 7), 1);
  const lastMonth =
    last === null ? '9999-12' : shiftDay(last, 1).endsWith('-01') ? last.slice(0, 7) : shiftMonth(last.slice(0, 7), -1);
  if (firstMonth > lastMonth) return { months: null, days: [[first ?? '0000-01-01', last ?? '9999-12-31']], partial };
  const days: [string, string][] = [];
  if (first !== null && first < `${firstMonth}-01`) days.push([first, shiftDay(`${firstMonth}-01`, -1)]);
  const afterMonths = `${shiftMonth(lastMonth, 1)}-01`;
  if (last !== null && last >= afterMonths) days.push([afterMonths, last]);
  return { months: [firstMonth, lastMonth], days, partial };
}

/** Whether a stored period (a month or a day) is one the selection's sums are made of. */
export function selectsPeriod(periods: SelectionPeriods, period: string): boolean {
  const within = ([lo, hi]: [string, string]) => period >= lo && period <= hi;
  if (period.length === 7) return periods.months !== null && within(periods.months);
  return periods.days.some(within);
}
