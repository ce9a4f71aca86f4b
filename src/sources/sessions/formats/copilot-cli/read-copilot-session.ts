import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AgentLogType } from '../../../../core/index.js';
import { BoundedEntryLog, boundText, forEachLine, SessionTracker } from '../../../transcripts/index.js';
import { emptyStats, type TranscriptReadResult } from '../../../transcripts/transcript-types.js';
import type { AgentSessionFile } from '../../agent-session-file.js';
import { parseJsonLine } from '../../parse-json-line.js';
import { fileEndLines, list } from '../../session-places.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.round(v) : 0);
const iso = (v: unknown): string | null =>
  typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : null;

/** How much of each end of an events file discovery reads. */
const END_BYTES = 64 * 1024;

/** The session event files under `session-state/`: `<id>/events.jsonl` (with its workspace.yaml) or `<id>.jsonl`. */
export async function copilotEventFiles(stateDir: string): Promise<string[]> {
  const out: string[] = [];
  for (const name of (await list(stateDir)).sort()) {
    const path = join(stateDir, name);
    if (name.endsWith('.jsonl')) out.push(path);
    else if ((await stat(join(path, 'events.jsonl')).catch(() => null))?.isFile()) out.push(join(path, 'events.jsonl'));
  }
  return out;
}

/** A Copilot CLI session from its events' ends: `session.start` (id, version, start, context.cwd and branch), the last time and model. */
export async function scanCopilotSession(path: string): Promise<AgentSessionFile | null> {
  const ends = await fileEndLines(path, END_BYTES);
  if (!ends) return null;
  let start: Json | null = null;
  let endedAt: string | null = null;
  let model: string | null = null;
  for (const raw of [...ends.head, ...ends.tail]) {
    const line = parseJsonLine(raw);
    if (!line || typeof line.type !== 'string') continue;
    const data = isObject(line.data) ? line.data : {};
    if (line.type === 'session.start') start ??= data;
    const at = iso(line.timestamp);
    if (at && (endedAt === null || at > endedAt)) endedAt = at;
    if (str(data.model)) model = str(data.model);
    if (line.type === 'session.model_change' && str(data.newModel)) model = str(data.newModel);
  }
  if (!start) return null;
  const context = isObject(start.context) ? start.context : {};
  // Newer versions keep the working directory in workspace.yaml beside events.jsonl.
  const workspace = path.endsWith('events.jsonl')
    ? /^cwd:\s*(.+)$/m.exec(await readFile(join(path, '..', 'workspace.yaml'), 'utf8').catch(() => ''))?.[1]?.trim()
    : undefined;
  return {
    agent: 'copilot-cli',
    path,
    sessionId: str(start.sessionId) || null,
    cwd: str(context.cwd) || workspace?.replace(/^["']|["']$/g, '') || null,
    branch: str(context.branch) || null,
    startedAt: iso(start.startTime),
    endedAt,
    model,
    agentVersion: str(start.copilotVersion) || null,
  };
}

// Copilot CLI's tools that change files.
const EDIT_TOOLS = new Set(['edit', 'create', 'str_replace', 'str_replace_editor', 'write', 'apply_patch']);

/**
 * A Copilot CLI session, streamed: user and assistant messages, each tool run paired with its completion by
 * `toolCallId` (`success: false` a failed one), and the tokens the assistant's messages and usage events report.
 */
export async function readCopilotSession(path: string): Promise<TranscriptReadResult> {
  const stats = emptyStats('copilot-cli');
  const log = new BoundedEntryLog();
  const session = new SessionTracker();
  const names = new Map<string, string>();
  const add = (at: string, type: AgentLogType, text: string, agent: string, detail?: string) => {
    if (text.trim())
      log.add({ timestamp: at, type, text: boundText(text), agent, origin: path, ...(detail ? { detail } : {}) });
  };
  await forEachLine(path, (text) => {
    const line = text === null ? null : parseJsonLine(text);
    if (!line || typeof line.type !== 'string') return;
    stats.lines += 1;
    const data = isObject(line.data) ? line.data : {};
    const at = iso(line.timestamp) ?? new Date(0).toISOString();
    if (str(data.model)) stats.model = str(data.model);
    switch (line.type) {
      case 'user.message':
        add(at, 'text', str(data.content), 'user');
        break;
      case 'assistant.message':
        add(at, 'text', str(data.content), 'copilot-cli');
        stats.outputTokens += count(data.outputTokens);
        break;
      case 'assistant.usage':
        stats.inputTokens += Math.max(0, count(data.inputTokens) - count(data.cacheReadTokens));
        stats.cachedTokens += count(data.cacheReadTokens);
        stats.outputTokens += count(data.outputTokens);
        break;
      case 'tool.execution_start': {
        const name = str(data.toolName) || 'tool';
        const args = isObject(data.arguments) ? data.arguments : {};
        stats.toolCalls += 1;
        names.set(str(data.toolCallId), name);
        session.call(
          str(data.toolCallId),
          typeof args.command === 'string' ? args.command : `${name} ${JSON.stringify(data.arguments ?? {})}`,
          EDIT_TOOLS.has(name) ? 'edit' : undefined,
        );
        add(at, 'tool', `${name} ${JSON.stringify(data.arguments ?? {})}`, 'copilot-cli', name);
        break;
      }
      case 'tool.execution_complete': {
        const name = names.get(str(data.toolCallId));
        if (!session.answered(str(data.toolCallId))) session.action(str(data.toolName));
        const result = isObject(data.result) ? data.result : {};
        const error = isObject(data.error) ? str(data.error.message) || str(data.error.code) : str(data.error);
        const output = str(result.content) || error;
        const failed = session.result(
          output,
          data.success === false ? true : data.success === true ? false : undefined,
        );
        if (failed) stats.toolErrors += 1;
        add(at, failed ? 'tool_error' : 'tool_result', output, 'copilot-cli', name);
        break;
      }
    }
  });
  session.unanswered();
  stats.session = session.summary();
  return { entries: log.entries(), problems: [], stats };
}
