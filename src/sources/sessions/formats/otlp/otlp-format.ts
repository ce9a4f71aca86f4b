import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { readOtlpSessions } from '../../read-otlp-sessions.js';
import { emptyStats } from '../../../transcripts/transcript-types.js';
import { list } from '../../session-places.js';
import { SESSION_FORMAT_SPEC, type SessionFormat } from '../../session-format.js';
import type { AgentSessionFile } from '../../agent-session-file.js';

/** The export files named: a file itself, a directory's .json and .jsonl files (not below), a missing path none. */
async function otlpExports(paths: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const path of paths) {
    const info = await stat(path).catch(() => null);
    if (info?.isFile()) out.push(path);
    else if (info?.isDirectory())
      for (const name of (await list(path)).sort())
        if (name.endsWith('.jsonl') || name.endsWith('.json')) out.push(join(path, name));
  }
  return [...new Set(out)];
}

/**
 * OpenTelemetry: OTLP JSON exports (`--otlp`, what `taskeval serve` received). A session that names no working
 * directory is taken to have run here, as the user pointed at it.
 */
export const otlpFormat: SessionFormat = {
  spec: SESSION_FORMAT_SPEC,
  agent: 'otlp',
  label: 'OpenTelemetry',
  provider: null,
  async discover(places) {
    const sessions: AgentSessionFile[] = [];
    const files = await otlpExports(places.otlp ?? []);
    for (const path of files) {
      for (const s of await readOtlpSessions(path)) if (s.cwd === null || places.ranIn(s.cwd)) sessions.push(s);
      places.onFile?.();
    }
    return { sessions, scanned: files.length };
  },
  // Telemetry is read whole when found: there is no file to read a second time.
  read: async (session) =>
    session.telemetry ?? {
      entries: [],
      problems: [{ path: session.path, message: 'an OpenTelemetry session without its content' }],
      stats: emptyStats('otlp'),
    },
};
