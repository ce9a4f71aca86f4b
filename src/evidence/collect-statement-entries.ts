import type { Task } from '../core/index.js';
import { makeEntry, type DraftEntry } from './make-entry.js';

/** Characters of the statement per entry: one excerpt each, never cut by the 500-character rule. */
export const STATEMENT_PART_CHARS = 480;
/** Parts shown at most; a longer statement says in its last part how much was left out. */
export const MAX_STATEMENT_PARTS = 4;

/**
 * The task's statement (its description: the spec or issue text it was given) as `statement-<n>` documents entries
 * the judge can cite, split at word boundaries into bounded parts.
 */
export function collectStatementEntries(task: Task): DraftEntry[] {
  const text = (task.description ?? '').trim();
  if (!text) return [];
  const parts: string[] = [];
  let rest = text;
  while (rest && parts.length < MAX_STATEMENT_PARTS) {
    if (rest.length <= STATEMENT_PART_CHARS) {
      parts.push(rest);
      rest = '';
      break;
    }
    const space = rest.lastIndexOf(' ', STATEMENT_PART_CHARS);
    const end = space > STATEMENT_PART_CHARS / 2 ? space : STATEMENT_PART_CHARS;
    parts.push(rest.slice(0, end).trimEnd());
    rest = rest.slice(end).trimStart();
  }
  const leftOut = rest.length;
  return parts.map((part, i) =>
    makeEntry(task.id, {
      id: `statement-${i + 1}`,
      source: 'documents',
      label: `Task statement, part ${i + 1} of ${parts.length}${leftOut && i === parts.length - 1 ? ` (${leftOut} more characters left out)` : ''}`,
      timestamp: task.createdAt ?? null,
      text: part,
      ref: { part: i + 1, parts: parts.length, charsLeftOut: leftOut },
      fingerprint: part,
    }),
  );
}
