/** One JSONL record as an object; null for a blank or over-long line, one that is not an object, or bad JSON (skipped: agents leave partial lines). */
export function parseJsonLine(text: string | null): Record<string, unknown> | null {
  if (!text || text[0] !== '{') return null;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}
