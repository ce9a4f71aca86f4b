import { describe, expect, it } from 'vitest';
import { boundTaskRecord, MAX_TASK_TEXT_CHARS, MAX_TITLE_CHARS, UNKNOWN_FIELD_MAX_CHARS } from './bound-task-record.js';

const known = new Set(['id', 'title', 'description', 'documents']);
const nested = (depth: number): unknown => JSON.parse(`${'{"a":'.repeat(depth)}{}${'}'.repeat(depth)}`);

describe('boundTaskRecord', () => {
  it('keeps known fields and small unknown ones as they are', () => {
    const record = { id: 'T-1', description: 'd'.repeat(100_000), custom: { a: [1, 2, { b: 'c' }] } };
    expect(boundTaskRecord(record, known)).toEqual(record);
  });

  it('replaces an unknown field nested too deep, even 100,000 levels, with a marker, without overflowing the stack', () => {
    const out = boundTaskRecord(
      { id: 'T-1', extra: nested(1_500), deeper: nested(100_000), fine: nested(10) },
      known,
    ) as Record<string, unknown>;
    expect(out.extra).toBe('[dropped: nested more than 32 levels deep]');
    expect(out.deeper).toBe('[dropped: nested more than 32 levels deep]');
    expect(out.fine).toEqual(nested(10));
  });

  it('replaces an unknown field too large as JSON, and cuts a 10 MB title with the excerpt marker', () => {
    const out = boundTaskRecord(
      { id: 'T-1', title: 'x'.repeat(10 * 1024 * 1024), blob: 'y'.repeat(UNKNOWN_FIELD_MAX_CHARS + 10) },
      known,
    ) as Record<string, unknown>;
    expect(out.blob).toBe(
      `[dropped: ${UNKNOWN_FIELD_MAX_CHARS + 12} characters as JSON, over ${UNKNOWN_FIELD_MAX_CHARS}]`,
    );
    expect((out.title as string).length).toBe(MAX_TITLE_CHARS);
    expect(out.title as string).toMatch(/… \[truncated\]$/);
  });

  it('cuts a 20 MB description and a 20 MB document to 100,000 characters with the marker, leaving other entries as they are', () => {
    const doc = { key: 'plan', content: 'p'.repeat(20_000_000) };
    const small = { key: 'notes', content: 'short' };
    const out = boundTaskRecord({ id: 'T-1', description: 'd'.repeat(20_000_000), documents: [doc, small] }, known) as {
      description: string;
      documents: { content: string }[];
    };
    expect(out.description.length).toBe(MAX_TASK_TEXT_CHARS);
    expect(out.description).toMatch(/… \[truncated\]$/);
    expect(out.documents[0]!.content.length).toBe(MAX_TASK_TEXT_CHARS);
    expect(out.documents[1]).toBe(small);
  });
});
