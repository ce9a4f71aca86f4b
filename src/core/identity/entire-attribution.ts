const ATTRIBUTION = /^\s*(\d{1,3}(?:\.\d+)?)%\s+agent(?:\s*\((\d+)\s*\/\s*(\d+)\s+lines?\))?/i;

/** What one `Entire-Attribution: 73% agent (146/200 lines)` trailer says; null when it says nothing readable. */
export function parseEntireAttribution(
  value: string,
): { share: number; agentLines: number | null; totalLines: number | null } | null {
  const m = ATTRIBUTION.exec(value);
  if (!m) return null;
  const share = Number(m[1]) / 100;
  if (!(share >= 0 && share <= 1)) return null;
  const agentLines = m[2] === undefined ? null : Number(m[2]);
  const totalLines = m[3] === undefined ? null : Number(m[3]);
  if (agentLines !== null && totalLines !== null && (totalLines === 0 || agentLines > totalLines))
    return { share, agentLines: null, totalLines: null };
  return { share, agentLines, totalLines };
}

/**
 * The agent's share of the lines of several commits: Σ agent lines / Σ lines where the trailers give
 * counts, else the mean of their percentages; null when no commit carries the trailer.
 */
export function agentLineShare(
  trailers: readonly (Readonly<Record<string, readonly string[]>> | undefined)[],
): number | null {
  let agent = 0;
  let total = 0;
  const shares: number[] = [];
  for (const t of trailers) {
    for (const [key, values] of Object.entries(t ?? {})) {
      if (key.toLowerCase() !== 'entire-attribution') continue;
      for (const value of values) {
        const parsed = parseEntireAttribution(value);
        if (!parsed) continue;
        shares.push(parsed.share);
        if (parsed.agentLines !== null && parsed.totalLines !== null) {
          agent += parsed.agentLines;
          total += parsed.totalLines;
        }
      }
    }
  }
  if (shares.length === 0) return null;
  const share = total > 0 ? agent / total : shares.reduce((a, b) => a + b, 0) / shares.length;
  return Math.round(share * 1000) / 1000;
}
