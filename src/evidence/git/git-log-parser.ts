import { StringDecoder } from 'node:string_decoder';
import type { CommitFileChange } from '../../core/index.js';

/** One commit as `git log` printed it, before attribution. */
export interface RawCommit {
  sha: string;
  parents: string[];
  author: string;
  authorEmail: string;
  /** Who committed it (a bot that pushed someone's change, `GitHub` for a web merge); '' when not read. */
  committer: string;
  committerEmail: string;
  /** Unix seconds. */
  authorTime: number;
  /** Unix seconds; when the commit landed where it is. */
  committerTime: number;
  /** Git gave no readable date for the author or the committer (a date before 1970, a corrupt header). */
  badDate?: true;
  subject: string;
  body: string;
  files: CommitFileChange[];
}

// Record separator opens a commit, unit separator splits fields; the body goes last so any
// separator inside it stays in the body. With -z git ends the header and each numstat entry with NUL.
const FORMAT = '%x1e%H%x1f%P%x1f%an%x1f%ae%x1f%at%x1f%ct%x1f%cn%x1f%ce%x1f%s%x1f%b';

/** Arguments of the one `git log` pass the parser reads. */
export const GIT_LOG_ARGS: readonly string[] = [
  '-c',
  'log.showSignature=false',
  'log',
  '--all',
  '-z',
  '--numstat',
  '--no-color',
  '--no-ext-diff',
  '--no-textconv',
  `--format=${FORMAT}`,
];

/** Incremental parser of `git log -z --numstat` output in the GIT_LOG_ARGS format. */
export interface GitLogParser {
  push(chunk: Buffer | string): void;
  /** Flushes the last commit; call once when git exits. */
  end(): void;
}

/** Creates a parser that calls onCommit for every complete commit, keeping only the unparsed tail. */
export function createGitLogParser(onCommit: (commit: RawCommit) => void): GitLogParser {
  const decoder = new StringDecoder('utf8');
  let buf = '';
  let current: RawCommit | null = null;

  const drain = (): void => {
    let pos = 0;
    const n = buf.length;
    while (pos < n) {
      const ch = buf.charCodeAt(pos);
      if (ch === 0x1e) {
        const end = buf.indexOf('\0', pos + 1);
        if (end === -1) break;
        if (current) onCommit(current);
        current = parseHeader(buf.slice(pos + 1, end));
        pos = end + 1;
      } else if (ch === 0x0a || ch === 0) {
        pos += 1;
      } else {
        const next = parseNumstat(buf, pos);
        if (next === null) break;
        current?.files.push(next.file);
        pos = next.pos;
      }
    }
    buf = pos === 0 ? buf : buf.slice(pos);
  };

  return {
    push(chunk) {
      buf += typeof chunk === 'string' ? chunk : decoder.write(chunk);
      drain();
    },
    end() {
      buf += decoder.end();
      drain();
      if (current) onCommit(current);
      current = null;
      buf = '';
    },
  };
}

/** Seconds since 1970 a Date can hold; git prints nothing (or a wrapped number) for dates it cannot give, such as before 1970. */
const MAX_EPOCH_SECONDS = 8.64e12;

function parseTime(text: string | undefined): number | null {
  if (text === undefined || !/^-?\d+$/.test(text.trim())) return null;
  const n = Number(text);
  return Math.abs(n) <= MAX_EPOCH_SECONDS ? n : null;
}

function parseHeader(text: string): RawCommit {
  const f = text.split('\x1f');
  const authorTime = parseTime(f[4]);
  const committerTime = parseTime(f[5]);
  // One unreadable date costs that commit its time, never the whole history: the other date stands in, else 1970.
  const badDate = authorTime === null || committerTime === null;
  return {
    ...(badDate ? { badDate: true } : {}),
    sha: f[0] ?? '',
    parents: f[1] ? f[1].split(' ') : [],
    author: f[2] ?? '',
    authorEmail: f[3] ?? '',
    authorTime: authorTime ?? committerTime ?? 0,
    committerTime: committerTime ?? authorTime ?? 0,
    committer: f[6] ?? '',
    committerEmail: f[7] ?? '',
    subject: f[8] ?? '',
    body: f.length > 10 ? f.slice(9).join('\x1f') : (f[9] ?? ''),
    files: [],
  };
}

/** `ins\tdel\tpath\0`, or `ins\tdel\t\0old\0new\0` for a rename; null when the entry is not complete yet. */
function parseNumstat(buf: string, pos: number): { file: CommitFileChange; pos: number } | null {
  const tab1 = buf.indexOf('\t', pos);
  if (tab1 === -1) return null;
  const tab2 = buf.indexOf('\t', tab1 + 1);
  if (tab2 === -1) return null;
  let path: string;
  let end: number;
  if (buf.charCodeAt(tab2 + 1) === 0) {
    const oldEnd = buf.indexOf('\0', tab2 + 2);
    if (oldEnd === -1) return null;
    end = buf.indexOf('\0', oldEnd + 1);
    if (end === -1) return null;
    path = buf.slice(oldEnd + 1, end);
  } else {
    if (tab2 + 1 >= buf.length) return null;
    end = buf.indexOf('\0', tab2 + 1);
    if (end === -1) return null;
    path = buf.slice(tab2 + 1, end);
  }
  return {
    file: { path, insertions: count(buf.slice(pos, tab1)), deletions: count(buf.slice(tab1 + 1, tab2)) },
    pos: end + 1,
  };
}

function count(text: string): number | null {
  return text === '-' ? null : Number.parseInt(text, 10);
}
