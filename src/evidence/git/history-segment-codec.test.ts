import { describe, expect, it } from 'vitest';
import type { MessageAttribution } from './attribute-commit.js';
import type { RawCommit } from './git-log-parser.js';
import { decodeHistorySegment, encodeHistorySegment } from './history-segment-codec.js';

const sha = (n: number, length = 40) => n.toString(16).padStart(length, '0');

function commit(n: number, extra: Partial<RawCommit> = {}): RawCommit {
  return {
    sha: sha(n),
    parents: n > 1 ? [sha(n - 1)] : [],
    author: `Agent ${n % 2}`,
    authorEmail: `agent${n % 2}@example.com`,
    authorTime: 1_700_000_000 + n,
    committerTime: 1_700_000_100 + n,
    committer: n % 3 ? 'GitHub' : `Agent ${n % 2}`,
    committerEmail: n % 3 ? 'noreply@github.com' : `agent${n % 2}@example.com`,
    subject: `feat(FN-${n}): change ${n}`,
    body: n % 2 ? `Task-Id: FN-${n}\n` : '',
    files: [{ path: `src/f${n % 3}.ts`, insertions: n, deletions: 0 }],
    ...extra,
  };
}

function attribution(n: number, extra: Partial<MessageAttribution> = {}): MessageAttribution {
  return {
    trailers: n % 2 ? { 'Task-Id': [`FN-${n}`] } : {},
    owners: [`FN-${n}`],
    ownerKind: n % 2 ? 'trailer' : 'subject',
    ownerSource: n % 2 ? 'trailer' : 'scope',
    mentions: [`FN-${n}`],
    isRevert: false,
    revertIds: [],
    revertedShas: [],
    isFix: false,
    ...extra,
  };
}

describe('the kept history in columns', () => {
  it('gives back exactly the commits and attributions it was given, edge cases included', () => {
    const commits = [
      commit(1),
      commit(2, {
        parents: [sha(1), sha(9)],
        files: [
          { path: 'logo.png', insertions: null, deletions: null },
          { path: 'src/f1.ts', insertions: 0, deletions: 4 },
        ],
      }),
      commit(3, {
        files: [],
        body: 'line one\n\nThis reverts commit abc1234.\nCo-authored-by: A <a@b>\n',
        subject: 'Revert "feat(FN-1): change 1"',
      }),
      commit(4, { author: 'Zoë Ünïcode', subject: 'fix: émoji ✓ and "quotes"' }),
    ];
    const attributions = [
      attribution(1),
      attribution(2, { mentions: ['FN-2', 'FN-7'], ownerSource: 'mention', owners: [] }),
      attribution(3, {
        isRevert: true,
        revertIds: ['FN-1'],
        revertedShas: ['abc1234'],
        trailers: { 'Co-authored-by': ['A <a@b>'] },
      }),
      attribution(4, { isFix: true, owners: [], mentions: [] }),
    ];
    const encoded = JSON.parse(JSON.stringify(encodeHistorySegment(commits, attributions)));
    expect(decodeHistorySegment(encoded)).toEqual({ commits, attributions });
  });

  it('keeps author and committer names and paths once each', () => {
    const commits = Array.from({ length: 50 }, (_, i) => commit(i + 1));
    const encoded = encodeHistorySegment(
      commits,
      commits.map((_, i) => attribution(i + 1)),
    );
    // Two authors with their emails, and GitHub with its email as committer.
    expect(encoded.names).toHaveLength(6);
    expect(encoded.paths).toEqual(['src/f1.ts', 'src/f2.ts', 'src/f0.ts']);
  });

  it('keeps shas that are not 40 digits (SHA-256 repositories) whole', () => {
    const commits = [
      commit(1, { sha: sha(1, 64), parents: [] }),
      commit(2, { sha: sha(2, 64), parents: [sha(1, 64)] }),
    ];
    const decoded = decodeHistorySegment(
      JSON.parse(JSON.stringify(encodeHistorySegment(commits, [attribution(1), attribution(2)]))),
    );
    expect(decoded!.commits.map((c) => c.sha)).toEqual([sha(1, 64), sha(2, 64)]);
  });

  it('an empty segment round-trips, and columns that disagree give null instead of wrong commits', () => {
    expect(decodeHistorySegment(encodeHistorySegment([], []))).toEqual({ commits: [], attributions: [] });
    const good = encodeHistorySegment([commit(1), commit(2)], [attribution(1), attribution(2)]);
    expect(decodeHistorySegment({ ...good, subject: ['only one'] })).toBeNull();
    expect(decodeHistorySegment({ ...good, files: [...good.files, 7] })).toBeNull();
    expect(decodeHistorySegment({ ...good, files: [1, 99, 1, 1, 1, 0, 1, 1] })).toBeNull();
  });
});
