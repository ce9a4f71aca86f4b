import type { SourceProblem } from '../source-read-result.js';
import {
  invalidUtf8Problem,
  MAX_TASK_LINE_BYTES,
  oversizedLine,
  parseJsonLine,
  type RawRecord,
} from './parse-task-records.js';
import { readFileChunks } from './read-file-chunks.js';

/** Where a record's bytes are in its file, so it can be read again alone. */
export interface RecordSpan {
  offset: number;
  length: number;
  line: number;
}

/** A JSONL record with where it was read. */
export type LocatedRecord = RawRecord & { span: RecordSpan };

/** Records and problems of a JSONL file read line by line. */
export interface JsonLinesRead {
  records: RawRecord[];
  problems: SourceProblem[];
}

/** Reads a JSONL file whole (streamed; the records are kept). */
export async function readJsonLines(fullPath: string, path: string): Promise<JsonLinesRead> {
  const records: RawRecord[] = [];
  const problems = await scanJsonLines(fullPath, path, ({ span: _span, ...record }) => void records.push(record));
  return { records, problems };
}

/**
 * Streams a JSONL file, handing each parsed record on with its byte span: memory never grows with one line
 * or with the file, and a line over MAX_TASK_LINE_BYTES is skipped as it streams past (its problem names the
 * line and its size). Returns the problems, in line order. `chunkBytes` is how much is read at a time.
 */
export async function scanJsonLines(
  fullPath: string,
  path: string,
  onRecord: (record: LocatedRecord) => void,
  chunkBytes?: number,
): Promise<SourceProblem[]> {
  const problems: SourceProblem[] = [];
  const invalidUtf8: number[] = [];
  const strict = new TextDecoder('utf-8', { fatal: true });
  let parts: Buffer[] = [];
  let size = 0;
  let line = 1;
  let lineStart = 0;
  let position = 0;

  const finishLine = (): void => {
    if (size > MAX_TASK_LINE_BYTES) problems.push(oversizedLine(path, line, size));
    else if (size > 0) {
      const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts, size);
      let text: string;
      try {
        text = strict.decode(bytes);
      } catch {
        invalidUtf8.push(line);
        text = bytes.toString('utf8');
      }
      if (line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      if (text.endsWith('\r')) text = text.slice(0, -1);
      if (text.trim() !== '') {
        const record = parseJsonLine(text, path, line, problems);
        if (record) onRecord({ ...record, span: { offset: lineStart, length: size, line } });
      }
    }
    parts = [];
    size = 0;
    line += 1;
  };

  for await (const chunk of readFileChunks(fullPath, chunkBytes)) {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a, start); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
      take(chunk.subarray(start, nl), false);
      finishLine();
      start = nl + 1;
      lineStart = position + start;
    }
    // The chunk's buffer is read into again: a line that goes on past it keeps a copy of its start.
    take(chunk.subarray(start), true);
    position += chunk.length;
  }
  finishLine();

  function take(piece: Buffer, copy: boolean): void {
    if (piece.length === 0) return;
    // Past the limit the line is only counted, so a 1 GB line costs no memory.
    if (size + piece.length <= MAX_TASK_LINE_BYTES) parts.push(copy ? Buffer.from(piece) : piece);
    else parts = [];
    size += piece.length;
  }

  if (invalidUtf8.length) problems.push(invalidUtf8Problem(path, invalidUtf8));
  return problems;
}
