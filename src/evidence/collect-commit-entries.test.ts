import { describe, expect, it } from 'vitest';
import { MAX_EXCERPT_LENGTH } from '../core/index.js';
import { collectCommitEntries } from './collect-commit-entries.js';
import { buildCommit } from './testing/evidence-builders.js';

describe('collectCommitEntries', () => {
  it('keys a commit by its full sha and carries author, date, line counts, file kinds and attribution', () => {
    const commit = buildCommit(3, {
      body: 'Explains why.',
      files: [
        { path: 'src/a.ts', insertions: 10, deletions: 2 },
        { path: 'src/a.test.ts', insertions: 5, deletions: 0 },
        { path: 'logo.png', insertions: null, deletions: null },
      ],
      touchesTests: true,
      touchesCode: true,
    });
    const entry = collectCommitEntries('FN-1', [commit])[0]!.entry;
    expect(entry).toMatchObject({
      id: `commit-${commit.sha}`,
      source: 'commits',
      label: commit.subject,
      timestamp: commit.date,
    });
    expect(entry.excerpt).toBe('Explains why.\n\nFiles (3): src/a.ts +10 -2, src/a.test.ts +5 -0, logo.png binary');
    expect(entry.ref).toEqual({
      taskId: 'FN-1',
      sha: commit.sha,
      author: 'Ada',
      date: commit.date,
      filesChanged: 3,
      insertions: 15,
      deletions: 2,
      touchesTests: true,
      touchesDocs: false,
      configOnly: false,
      touchesCode: true,
      attribution: 'trailer',
    });
  });

  it('lists only as many files as an excerpt can show and says how many more there are', () => {
    const files = Array.from({ length: 500 }, (_, i) => ({
      path: `src/generated/file-${i}.ts`,
      insertions: 1,
      deletions: 0,
    }));
    const [draft] = collectCommitEntries('FN-1', [buildCommit(1, { files })]);
    expect(draft!.entry.excerpt!.length).toBe(MAX_EXCERPT_LENGTH);
    expect(draft!.entry.truncated).toBe(true);
    expect(draft!.entry.ref.filesChanged).toBe(500);
  });

  it('shortens a long body so the file list still shows', () => {
    const [draft] = collectCommitEntries('FN-1', [buildCommit(1, { body: 'b'.repeat(3000) })]);
    const excerpt = draft!.entry.excerpt!;
    expect(excerpt.length).toBeLessThanOrEqual(MAX_EXCERPT_LENGTH);
    expect(excerpt).toContain('Files (1): src/file-1.ts +1 -1');
    expect(draft!.entry.truncated).toBe(true);
  });

  it('gives no excerpt to a commit without body or files', () => {
    const [draft] = collectCommitEntries('FN-1', [buildCommit(1, { files: [] })]);
    expect(draft!.entry.excerpt).toBeUndefined();
    expect(draft!.entry.ref.attribution).toBe('trailer');
  });
});
