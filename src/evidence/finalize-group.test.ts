import { describe, expect, it } from 'vitest';
import { finalizeGroup } from './finalize-group.js';
import { makeEntry } from './make-entry.js';

const draft = (id: string, timestamp?: string, fingerprint = id) =>
  makeEntry('FN-1', { id, source: 'workflow', label: id, timestamp, ref: {}, fingerprint });

describe('finalizeGroup', () => {
  it('orders entries without a timestamp first, then by time across offsets, then ids with numbers compared as numbers', () => {
    const group = finalizeGroup('workflow', [
      draft('late', '2026-04-01T12:00:00+02:00'),
      draft('step-10'),
      draft('early', '2026-04-01T11:00:00Z'),
      draft('step-2'),
      draft('b-same', '2026-04-01T11:30:00.000Z'),
      draft('a-same', '2026-04-01T11:30:00Z'),
    ]);
    // 12:00+02:00 is 10:00Z, the earliest instant.
    expect(group.entries.map((e) => e.id)).toEqual(['step-2', 'step-10', 'late', 'early', 'a-same', 'b-same']);
  });

  it('keeps the newest entries over the cap and reports total and omitted', () => {
    const drafts = Array.from({ length: 6 }, (_, i) => draft(`e${i}`, `2026-04-01T12:0${i}:00Z`));
    const group = finalizeGroup('workflow', drafts.reverse(), 4);
    expect(group).toMatchObject({ source: 'workflow', total: 6, omitted: 2 });
    expect(group.entries.map((e) => e.id)).toEqual(['e2', 'e3', 'e4', 'e5']);
  });

  it('drops an exact duplicate and keeps a different entry under the same id with a content suffix', () => {
    const group = finalizeGroup('workflow', [
      draft('x', undefined, 'one'),
      draft('x', undefined, 'one'),
      draft('x', undefined, 'two'),
    ]);
    expect(group.total).toBe(2);
    expect(group.entries[0]!.id).toBe('x');
    expect(group.entries[1]!.id).toMatch(/^x-[0-9a-f]{12}$/);
  });
});
