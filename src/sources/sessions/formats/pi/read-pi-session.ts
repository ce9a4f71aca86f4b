import type { AgentLogType } from '../../../../core/index.js';
import { BoundedEntryLog, boundText, forEachLine, SessionTracker } from '../../../transcripts/index.js';
import { emptyStats, type TranscriptReadResult } from '../../../transcripts/transcript-types.js';
import type { AgentSessionFile } from '../../agent-session-file.js';
import { parseJsonLine } from '../../parse-json-line.js';
import { fileEndLines } from '../../session-places.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.round(v) : 0);
const iso = (v: unknown): string | null =>
  typeof v === 'string' && !Number.isNaN(Date.parse(v))
    ? new Date(v).toISOString()
    : typeof v === 'number' && v > 0
      ? new Date(v).toISOString()
      : null;

/** How much of each end of a session file discovery reads: the header and the last records. */
const END_BYTES = 64 * 1024;

/** pi names a project's session folder after its path: `/home/me/app` is `--home-me-app--`. */
export function piProjectFolder(dir: string): string {
  return `--${dir.replace(/^[/\\]+/, '').replace(/[/\\:]/g, '-')}--`;
}

/** Text of a content: a string, or blocks of which the text ones count. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  return (Array.isArray(content) ? content : [])
    .map((b) => (isObject(b) && b.type === 'text' ? str(b.text) : ''))
    .join('');
}

/** A pi session from its header (first line: `type: session`, its id, time and cwd) and its last records. */
export async function scanPiSession(path: string): Promise<AgentSessionFile | null> {
  const ends = await fileEndLines(path, END_BYTES);
  if (!ends) return null;
  const header = parseJsonLine(ends.head[0] ?? '');
  if (!header || header.type !== 'session') return null;
  const lines = ends.tail.length ? ends.tail : ends.head;
  let endedAt = iso(header.timestamp);
  let model: string | null = null;
  for (const text of lines) {
    const line = parseJsonLine(text);
    if (!line) continue;
    endedAt = iso(line.timestamp) ?? endedAt;
    const message = isObject(line.message) ? line.message : null;
    if (message?.role === 'assistant' && str(message.model)) model = str(message.model);
    if (line.type === 'model_change' && str(line.modelId)) model = str(line.modelId);
  }
  return {
    agent: 'pi',
    path,
    sessionId: str(header.id) || null,
    cwd: str(header.cwd) || null,
    branch: null,
    startedAt: iso(header.timestamp),
    endedAt,
    model,
    agentVersion: null,
  };
}

// pi's tools that change files.
const EDIT_TOOLS = new Set(['edit', 'write']);

/**
 * A pi session, streamed: user and assistant messages, thinking, each tool call and its result (`isError` a
 * failed one), the commands the user ran (`bashExecution`, with their exit code) and each reply's usage.
 */
export async function readPiSession(path: string): Promise<TranscriptReadResult> {
  const stats = emptyStats('pi');
  const log = new BoundedEntryLog();
  const session = new SessionTracker();
  const add = (at: string, type: AgentLogType, text: string, agent: string, detail?: string) => {
    if (text.trim())
      log.add({ timestamp: at, type, text: boundText(text), agent, origin: path, ...(detail ? { detail } : {}) });
  };
  await forEachLine(path, (text) => {
    const line = text === null ? null : parseJsonLine(text);
    if (!line || line.type !== 'message' || !isObject(line.message)) return;
    stats.lines += 1;
    const m = line.message;
    const at = iso(line.timestamp) ?? iso(m.timestamp) ?? new Date(0).toISOString();
    const role = str(m.role);
    if (role === 'user') add(at, 'text', textOf(m.content), 'user');
    else if (role === 'assistant') {
      if (str(m.model)) stats.model = str(m.model);
      for (const block of (Array.isArray(m.content) ? m.content : []).filter(isObject)) {
        if (block.type === 'text') add(at, 'text', str(block.text), 'pi');
        else if (block.type === 'thinking') add(at, 'thinking', str(block.thinking), 'pi');
        else if (block.type === 'toolCall') {
          const name = str(block.name) || 'tool';
          const args = isObject(block.arguments) ? block.arguments : {};
          stats.toolCalls += 1;
          // A reply may call several tools before any result: each is a step when its own result comes back.
          session.call(
            str(block.id),
            typeof args.command === 'string' ? args.command : `${name} ${JSON.stringify(args)}`,
            EDIT_TOOLS.has(name) ? 'edit' : undefined,
          );
          add(at, 'tool', `${name} ${JSON.stringify(args)}`, 'pi', name);
        }
      }
      const usage = isObject(m.usage) ? m.usage : {};
      stats.inputTokens += count(usage.input);
      stats.outputTokens += count(usage.output);
      stats.cachedTokens += count(usage.cacheRead);
    } else if (role === 'toolResult') {
      const output = textOf(m.content);
      if (!session.answered(str(m.toolCallId))) session.action(str(m.toolName));
      const failed = session.result(output, m.isError === true ? true : m.isError === false ? false : undefined);
      if (failed) stats.toolErrors += 1;
      add(at, failed ? 'tool_error' : 'tool_result', output, 'pi', str(m.toolName) || undefined);
    } else if (role === 'bashExecution') {
      stats.toolCalls += 1;
      session.action(str(m.command));
      add(at, 'tool', str(m.command), 'user', 'bash');
      const code = typeof m.exitCode === 'number' ? m.exitCode : undefined;
      const failed = session.result(str(m.output), code === undefined ? undefined : code !== 0);
      if (failed) stats.toolErrors += 1;
      add(at, failed ? 'tool_error' : 'tool_result', str(m.output), 'user', 'bash');
    }
  });
  session.unanswered();
  stats.session = session.summary();
  return { entries: log.entries(), problems: [], stats };
}
