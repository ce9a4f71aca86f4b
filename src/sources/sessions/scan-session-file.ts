import { forEachLine } from '../transcripts/index.js';
import type { AgentSessionFile, SessionAgent } from './agent-session-file.js';

type Json = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
const time = (v: unknown): string | null => {
  const s = str(v);
  return s !== null && !Number.isNaN(Date.parse(s)) ? new Date(s).toISOString() : null;
};

/**
 * Reads a Claude Code session or a Codex rollout line by line for its working directory, branch, first and
 * last times, model and ids; null when the file is neither. Only these fields are kept, whatever its size.
 */
export async function scanSessionFile(path: string): Promise<AgentSessionFile | null> {
  let agent: SessionAgent | null = null;
  const out: AgentSessionFile = { agent: 'claude-code', path, sessionId: null, cwd: null, branch: null, startedAt: null, endedAt: null, model: null, agentVersion: null };
  const seen = (at: string | null) => {
    if (!at) return;
    if (out.startedAt === null || at < out.startedAt) out.startedAt = at;
    if (out.endedAt === null || at > out.endedAt) out.endedAt = at;
  };
  try {
    await forEachLine(path, (text) => {
      if (!text || text[0] !== '{') return;
      let line: Json;
      try {
        line = JSON.parse(text) as Json;
      } catch {
        return;
      }
      const payload = (line.payload ?? {}) as Json;
      if (line.type === 'session_meta' || line.type === 'turn_context' || line.type === 'response_item' || line.type === 'event_msg') {
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
        return;
      }
      if (line.type === 'user' || line.type === 'assistant' || line.type === 'system' || line.type === 'summary') {
        agent ??= 'claude-code';
        seen(time(line.timestamp));
        out.sessionId ??= str(line.sessionId);
        out.cwd ??= str(line.cwd);
        out.branch = str(line.gitBranch) ?? out.branch;
        out.agentVersion ??= str(line.version);
        const model = str((line.message as Json | undefined)?.model);
        if (model && model !== '<synthetic>') out.model = model;
      }
    });
  } catch {
    return null;
  }
  if (agent === null) return null;
  return { ...out, agent };
}
