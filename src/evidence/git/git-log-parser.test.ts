import { describe, expect, it } from 'vitest';
import { createGitLogParser, type RawCommit } from './git-log-parser.js';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const C = 'c'.repeat(40);
const header = (sha: string, parents: string, subject: string, body: string): string =>
  `\x1e${sha}\x1f${parents}\x1fAda\x1fada@x\x1f1700000000\x1f1700000060\x1fcopilot-swe-agent[bot]\x1f198982749+Copilot@users.noreply.github.com\x1f${subject}\x1f${body}\0`;

// Three commits as `git log -z --numstat` prints them: one with a binary file, a rename and a path
// with a space and a newline, one merge without a diff, one root commit.
const OUTPUT =
  header(C, `${B} ${A}`, 'Merge', '') +
  header(B, A, 'feat(FN-1): é ünïcode', 'Body\x1fwith separator\n\nTask-Id: FN-1\n') +
  '\n3\t1\tsrc/a b\nc.ts\0-\t-\tlogo.png\0' +
  '0\t0\t\0old name.ts\0new name.ts\0' +
  header(A, '', 'init', '') +
  '\n1\t0\tREADME.md\0';

function parse(chunks: Array<Buffer | string>): RawCommit[] {
  const out: RawCommit[] = [];
  const parser = createGitLogParser((c) => out.push(c));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return out;
}

describe('createGitLogParser', () => {
  it('reads a date before 1970, and marks a missing or wrapped one without failing the commit', () => {
    const at = (author: string, committer: string) =>
      `\x1e${A}\x1f\x1fAda\x1fada@x\x1f${author}\x1f${committer}\x1f\x1f\x1fmoon\x1f\0`;
    const [negative, empty, wrapped] = [
      parse([at('-14182940', '-14182940')])[0]!,
      parse([at('', '')])[0]!,
      parse([at('18446744073695368676', '1700000000')])[0]!,
    ];
    expect([negative.authorTime, negative.badDate]).toEqual([-14182940, undefined]);
    expect([empty.authorTime, empty.committerTime, empty.badDate]).toEqual([0, 0, true]);
    expect([wrapped.authorTime, wrapped.committerTime, wrapped.badDate]).toEqual([1700000000, 1700000000, true]);
  });

  it('parses headers, numstat entries, binary counts and renames', () => {
    const [merge, feat, init] = parse([OUTPUT]);
    expect(merge).toMatchObject({ sha: C, parents: [B, A], files: [] });
    expect(feat).toMatchObject({
      sha: B,
      parents: [A],
      author: 'Ada',
      authorEmail: 'ada@x',
      authorTime: 1700000000,
      committerTime: 1700000060,
      committer: 'copilot-swe-agent[bot]',
      committerEmail: '198982749+Copilot@users.noreply.github.com',
      subject: 'feat(FN-1): é ünïcode',
      body: 'Body\x1fwith separator\n\nTask-Id: FN-1\n',
      files: [
        { path: 'src/a b\nc.ts', insertions: 3, deletions: 1 },
        { path: 'logo.png', insertions: null, deletions: null },
        { path: 'new name.ts', insertions: 0, deletions: 0 },
      ],
    });
    expect(init).toMatchObject({ sha: A, parents: [], files: [{ path: 'README.md', insertions: 1, deletions: 0 }] });
  });

  it('gives the same result however the byte stream is split, even inside a UTF-8 character', () => {
    const bytes = Buffer.from(OUTPUT, 'utf8');
    const whole = parse([bytes]);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      expect(parse([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual(whole);
    }
    expect(parse([...bytes].map((b) => Buffer.from([b])))).toEqual(whole);
  });

  it('yields nothing for an empty history', () => {
    expect(parse([])).toEqual([]);
  });
});
