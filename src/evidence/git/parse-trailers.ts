const TRAILER_LINE = /^([A-Za-z0-9][A-Za-z0-9-]*)[ \t]*:[ \t]*(.*)$/;
// git itself tolerates this line inside a trailer block (cherry-pick -x).
const CHERRY_PICK_LINE = /^\(cherry picked from commit [0-9a-f]+\)$/;

/**
 * Parses RFC-822-style `Key: value` trailers from the last paragraph of a commit body.
 * The paragraph counts only when every line is a trailer or a folded continuation.
 * Keys keep their first spelling; values of keys equal but for case are merged.
 */
export function parseTrailers(body: string): Record<string, string[]> {
  // Most bodies have no trailer at all: skip the line work for them.
  if (!body.includes(':')) return {};
  const text = (body.includes('\r') ? body.replace(/\r\n/g, '\n') : body).trimEnd();
  if (text === '') return {};
  const start = text.lastIndexOf('\n\n');
  const lines = (start === -1 ? text : text.slice(start + 2)).split('\n');
  const entries: Array<[string, string]> = [];
  for (const line of lines) {
    const first = line.charCodeAt(0);
    if ((first === 0x20 || first === 0x09) && entries.length > 0) {
      const last = entries[entries.length - 1]!;
      last[1] = `${last[1]} ${line.trim()}`.trim();
      continue;
    }
    if (line.trim() === '' || CHERRY_PICK_LINE.test(line)) continue;
    const m = TRAILER_LINE.exec(line);
    if (!m) return {};
    entries.push([m[1]!, m[2]!.trim()]);
  }
  const out: Record<string, string[]> = {};
  const spelling = new Map<string, string>();
  for (const [key, value] of entries) {
    const lower = key.toLowerCase();
    const name = spelling.get(lower) ?? key;
    spelling.set(lower, name);
    (out[name] ??= []).push(value);
  }
  return out;
}
