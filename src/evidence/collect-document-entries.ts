import type { Task } from '../core/index.js';
import { canonicalJson } from './canonical-json.js';
import { makeEntry, type DraftEntry } from './make-entry.js';

/** The documents group's drafts: `document-<key>-r<revision>` with the content as excerpt. */
export function collectDocumentEntries(task: Task): DraftEntry[] {
  return (task.documents ?? []).map((doc) => {
    const revision = doc.revision ?? 0;
    return makeEntry(task.id, {
      id: `document-${doc.key}-r${revision}`,
      source: 'documents',
      label: `Document ${doc.key} r${revision}${doc.author ? ` by ${doc.author}` : ''}`,
      timestamp: doc.updatedAt ?? doc.createdAt,
      text: doc.content,
      ref: { key: doc.key, revision: doc.revision ?? null, author: doc.author ?? null },
      fingerprint: canonicalJson([doc.content ?? null, doc.author ?? null, doc.updatedAt ?? doc.createdAt ?? null]),
    });
  });
}
