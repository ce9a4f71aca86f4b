import { openTextStream } from './open-text-stream.js';

/** Longest line kept; a longer one is skipped (and reported) instead of held whole in memory. */
export const MAX_LINE_LENGTH = 64 * 1024 * 1024;

/** What a line callback receives: the line without its newline, or null when it was too long to keep. */
export type LineHandler = (text: string | null, line: number) => void;

/**
 * Calls `onLine` for each line of a file (decompressed when it is `.zst`), synchronously per chunk read, so memory holds one chunk and
 * the current line only (readline's async iterator may queue up to a thousand lines when the consumer
 * lags). Resolves with the number of lines.
 */
export async function forEachLine(
  path: string,
  onLine: LineHandler,
  maxLineLength: number = MAX_LINE_LENGTH,
): Promise<number> {
  const stream = openTextStream(path);
  let parts: string[] = [];
  let pending = 0;
  let tooLong = false;
  let line = 0;
  const emit = (last: string) => {
    line += 1;
    if (tooLong) onLine(null, line);
    else {
      const text = parts.length ? parts.join('') + last : last;
      onLine(text.endsWith('\r') ? text.slice(0, -1) : text, line);
    }
    parts = [];
    pending = 0;
    tooLong = false;
  };
  try {
    for await (const chunk of stream) {
      let start = 0;
      let nl: number;
      while ((nl = chunk.indexOf('\n', start)) !== -1) {
        emit(tooLong ? '' : chunk.slice(start, nl));
        start = nl + 1;
      }
      if (start < chunk.length && !tooLong) {
        pending += chunk.length - start;
        if (pending > maxLineLength) {
          tooLong = true;
          parts = [];
        } else parts.push(chunk.slice(start));
      }
    }
    if (parts.length > 0 || tooLong) emit('');
  } finally {
    stream.destroy();
  }
  return line;
}
