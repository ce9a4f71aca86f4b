import { describe, expect, it } from 'vitest';
import { TaskSchema } from '../core/index.js';
import { collectStatementEntries, MAX_STATEMENT_PARTS } from './collect-statement-entries.js';

describe("the task's statement as evidence", () => {
  it('is one documents entry for a short statement, citable as statement-1', () => {
    const [entry] = collectStatementEntries(TaskSchema.parse({ id: 'FN-1', description: 'Add a --shout flag.' }));
    expect(entry!.entry).toMatchObject({
      id: 'statement-1',
      source: 'documents',
      label: 'Task statement, part 1 of 1',
      excerpt: 'Add a --shout flag.',
    });
  });

  it('is split at word boundaries into bounded parts, the last saying how much was left out', () => {
    const words = Array.from({ length: 600 }, (_, i) => `word${i}`).join(' ');
    const entries = collectStatementEntries(TaskSchema.parse({ id: 'FN-2', description: words })).map((d) => d.entry);
    expect(entries).toHaveLength(MAX_STATEMENT_PARTS);
    expect(entries.every((e) => e.excerpt!.length <= 480 && !e.truncated)).toBe(true);
    expect(entries.map((e) => e.excerpt).join(' ')).toBe(
      words.slice(0, entries.map((e) => e.excerpt).join(' ').length),
    );
    expect(entries.at(-1)!.label).toMatch(/^Task statement, part 4 of 4 \(\d+ more characters left out\)$/);
    expect(collectStatementEntries(TaskSchema.parse({ id: 'FN-3', description: '   ' }))).toEqual([]);
  });
});
