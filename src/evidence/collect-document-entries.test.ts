import { describe, expect, it } from 'vitest';
import { collectDocumentEntries } from './collect-document-entries.js';
import { buildTask } from './testing/evidence-builders.js';

describe('collectDocumentEntries', () => {
  it('keys a document by key and revision, r0 when the revision is unknown', () => {
    const task = buildTask({
      documents: [
        {
          key: 'plan',
          content: 'Do X then Y.',
          revision: 3,
          author: 'executor',
          updatedAt: '2026-04-01T12:00:00.000Z',
        },
        { key: 'notes', content: 'n' },
      ],
    });
    const entries = collectDocumentEntries(task).map((d) => d.entry);
    expect(entries[0]).toMatchObject({
      id: 'document-plan-r3',
      excerpt: 'Do X then Y.',
      timestamp: '2026-04-01T12:00:00.000Z',
    });
    expect(entries[0]!.ref).toEqual({ taskId: 'FN-1', key: 'plan', revision: 3, author: 'executor' });
    expect(entries[1]).toMatchObject({
      id: 'document-notes-r0',
      ref: { taskId: 'FN-1', key: 'notes', revision: null, author: null },
    });
  });
});
