import { describe, expect, it } from 'vitest';
import { selectionPeriods, selectsPeriod } from './selection-periods.js';

describe('selectionPeriods', () => {
  it('makes a selection of whole months, the whole days around them and the days covered in part', () => {
    expect(selectionPeriods('2026-01-20T10:00:00.000Z', '2026-04-03T08:00:00.000Z')).toEqual({
      months: ['2026-02', '2026-03'],
      days: [
        ['2026-01-21', '2026-01-31'],
        ['2026-04-01', '2026-04-02'],
      ],
      partial: [
        { day: '2026-01-20', from: '2026-01-20T10:00:00.000Z', to: '2026-01-20T23:59:59.999Z' },
        { day: '2026-04-03', from: '2026-04-03T00:00:00.000Z', to: '2026-04-03T08:00:00.000Z' },
      ],
    });
  });

  it('takes a day or month whose bounds the selection starts or ends on as whole', () => {
    expect(selectionPeriods('2026-02-01T00:00:00.000Z', '2026-02-28T23:59:59.999Z')).toEqual({
      months: ['2026-02', '2026-02'],
      days: [],
      partial: [],
    });
    expect(selectionPeriods('2026-02-03T00:00:00.000Z', '2026-02-05T23:59:59.999Z')).toEqual({
      months: null,
      days: [['2026-02-03', '2026-02-05']],
      partial: [],
    });
  });

  it('leaves open ends open, and a selection within one day to its results', () => {
    expect(selectionPeriods()).toEqual({ months: ['0000-01', '9999-12'], days: [], partial: [] });
    expect(selectionPeriods('2026-12-15T12:00:00.000Z').months).toEqual(['2027-01', '9999-12']);
    expect(selectionPeriods(undefined, '2026-03-01T00:00:00.000Z')).toEqual({
      months: ['0000-01', '2026-02'],
      days: [],
      partial: [{ day: '2026-03-01', from: '2026-03-01T00:00:00.000Z', to: '2026-03-01T00:00:00.000Z' }],
    });
    expect(selectionPeriods('2026-03-01T05:00:00.000Z', '2026-03-01T07:00:00.000Z')).toEqual({
      months: null,
      days: [],
      partial: [{ day: '2026-03-01', from: '2026-03-01T05:00:00.000Z', to: '2026-03-01T07:00:00.000Z' }],
    });
    expect(selectionPeriods('2026-03-02T00:00:00.000Z', '2026-03-01T00:00:00.000Z')).toEqual({
      months: null,
      days: [],
      partial: [],
    });
  });

  it('selects a stored month or day only when the selection is made of it', () => {
    const periods = selectionPeriods('2026-01-20T10:00:00.000Z', '2026-04-03T08:00:00.000Z');
    expect(['2026-01', '2026-02', '2026-03', '2026-04'].map((m) => selectsPeriod(periods, m))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(
      ['2026-01-20', '2026-01-21', '2026-02-10', '2026-04-02', '2026-04-03'].map((d) => selectsPeriod(periods, d)),
    ).toEqual([false, true, false, true, false]);
  });
});
