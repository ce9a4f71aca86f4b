/** Lines per blamed commit from `git blame --porcelain`; boundary commits (the edge of `--since`) are left out. */
export function parseBlamePorcelain(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  const boundary = new Set<string>();
  let current: string | null = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('\t')) {
      // The content line closes one blamed line of `current`.
      if (current !== null) lines.set(current, (lines.get(current) ?? 0) + 1);
      continue;
    }
    const header = /^([0-9a-f]{40,64}) \d+ \d+(?: \d+)?$/.exec(line);
    if (header) {
      current = header[1]!;
      continue;
    }
    if (line === 'boundary' && current !== null) boundary.add(current);
  }
  for (const sha of boundary) lines.delete(sha);
  return lines;
}
