import type { AgentSessionFile, SessionAgent } from './agent-session-file.js';
import { parseJsonLine } from './parse-json-line.js';
import { fileEndLines } from './session-places.js';
import { forEachLine, isZstdPath } from '../transcripts/index.js';

type Json = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
const time = (v: unknown): string | null => {
  const s = str(v);
  return s !== null && !Number.isNaN(Date.parse(s)) ? new Date(s).toISOString() : null;
};

/** How much of each end of a session file is read: the head holds its metadata, the tail its last records. */
const END_BYTES = 256 * 1024;

/**
 * Reads a Claude Code session or a Codex rollout for its working directory, branch, first and last times,
 * model and ids; null when the file is neither. Sessions are append-only logs: their first and last
 * records are in the first and last 256 KiB, so a 100 MB session costs two small reads.
 */
export async function scanSessionFile(path: string): Promise<AgentSessionFile | null> {
  let lines: string[];
  try {
    lines = await endLines(path);
  } catch {
    return null;
  }
  let agent: SessionAgent | null = null;
  const out: AgentSessionFile = {
    agent: 'claude-code',
    path,
    sessionId: null,
    cwd: null,
    branch: null,
    startedAt: null,
    endedAt: null,
    model: null,
    agentVersion: null,
  };
  const seen = (at: string | null) => {
    if (!at) return;
    if (out.startedAt === null || at < out.startedAt) out.startedAt = at;
    if (out.endedAt === null || at > out.endedAt) out.endedAt = at;
  };
  for (const text of lines) {
    const line = parseJsonLine(text);
    if (!line) continue;
    const payload = (line.payload ?? {}) as Json;
    if (
      line.type === 'session_meta' ||
      line.type === 'turn_context' ||
      line.type === 'response_item' ||
      line.type === 'event_msg'
    ) {
      agent ??= 'codex';
      seen(time(line.timestamp));
      if (line.type === 'session_meta') {
        out.sessionId ??= str(payload.id);
        out.cwd ??= str(payload.cwd);
        out.agentVersion ??= str(payload.cli_version);
        out.branch ??= str((payload.git as Json | undefined)?.branch);
        seen(time(payload.timestamp));
      } else if (line.type === 'turn_context') {
        out.cwd ??= str(payload.cwd);
        out.model = str(payload.model) ?? out.model;
      }
    } else if (line.type === 'user' || line.type === 'assistant' || line.type === 'system' || line.type === 'summary') {
      agent ??= 'claude-code';
      seen(time(line.timestamp));
      out.sessionId ??= str(line.sessionId);
      out.cwd ??= str(line.cwd);
      out.branch = str(line.gitBranch) ?? out.branch;
      out.agentVersion ??= str(line.version);
      const model = str((line.message as Json | undefined)?.model);
      if (model && model !== '<synthetic>') out.model = model;
    }
  }
  if (agent === null) return null;
  return { ...out, agent };
}

/** The complete lines of the file's first and last END_BYTES (all of it when it is small), in order. */
async function endLines(path: string): Promise<string[]> {
  if (isZstdPath(path)) return compressedEndLines(path);
  const ends = await fileEndLines(path, END_BYTES);
  if (!ends) throw new Error(`cannot read ${path}`);
  return [...ends.head, ...ends.tail];
}

/** A compressed file has no tail to seek to: its lines stream through, keeping the first and last END_BYTES. */
async function compressedEndLines(path: string): Promise<string[]> {
  const head: string[] = [];
  let headBytes = 0;
  const tail: string[] = [];
  let from = 0;
  let tailBytes = 0;
  await forEachLine(path, (text) => {
    if (text === null) return;
    if (headBytes < END_BYTES) {
      head.push(text);
      headBytes += text.length + 1;
      return;
    }
    tail.push(text);
    tailBytes += text.length + 1;
    while (tailBytes > END_BYTES && from < tail.length - 1) tailBytes -= tail[from++]!.length + 1;
    if (from > 4096) (tail.splice(0, from), (from = 0));
  });
  return [...head, ...tail.slice(from)];
}
