import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AgentLogType } from '../../core/index.js';
import { BoundedEntryLog, boundText, MAX_JSON_TRAJECTORY_BYTES, SessionTracker } from '../transcripts/index.js';
import { emptyStats, type TranscriptReadResult } from '../transcripts/transcript-types.js';
import type { AgentSessionFile } from './agent-session-file.js';
import { fileEndLines } from './session-places.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.round(v) : 0);
const iso = (v: unknown): string | null =>
  str(v) && !Number.isNaN(Date.parse(str(v))) ? new Date(str(v)).toISOString() : null;

/** The head of a chat file that holds its `projectHash`, read before deciding to parse the rest. */
const HEAD_BYTES = 4 * 1024;
/** The tail of a chat file that holds its last reply's model. */
const TAIL_BYTES = 64 * 1024;

/** Gemini CLI names a project's chat folder after the SHA-256 of its root path. */
export function geminiProjectHash(dir: string): string {
  return createHash('sha256').update(dir).digest('hex');
}

/** Text of a message's content: a string, or Gemini parts (`[{ text }]`). */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  const parts = Array.isArray(content) ? content : isObject(content) ? [content] : [];
  return parts.map((p) => (isObject(p) ? str(p.text) : typeof p === 'string' ? p : '')).join('');
}

// Gemini CLI's tools that change files.
const EDIT_TOOLS = new Set(['write_file', 'replace', 'edit', 'smart_edit', 'write_todos_file']);

/**
 * The Gemini CLI chats (`~/.gemini/tmp/<hash>/chats/session-*.json`) recorded for one of the repository's
 * directories: the project hash in each file's head is matched first, so other projects' chats are not parsed.
 */
export async function findGeminiSessions(
  geminiHome: string,
  repoDirs: readonly string[],
  onFile?: () => void,
): Promise<{ scanned: number; sessions: AgentSessionFile[] }> {
  const byHash = new Map(repoDirs.map((d) => [geminiProjectHash(d), d]));
  const tmp = join(geminiHome, 'tmp');
  const sessions: AgentSessionFile[] = [];
  let scanned = 0;
  for (const project of await readdir(tmp).catch(() => [] as string[])) {
    const chats = join(tmp, project, 'chats');
    for (const name of (await readdir(chats).catch(() => [] as string[])).sort()) {
      if (!name.endsWith('.json')) continue;
      scanned += 1;
      const path = join(chats, name);
      // The head holds the chat's ids and times; the tail its last reply's model: the chat is parsed only when read.
      const lines = await fileEndLines(path, HEAD_BYTES, TAIL_BYTES);
      const first = lines?.head.join('\n') ?? '';
      const last = (lines?.tail.length ? lines.tail : (lines?.head ?? [])).join('\n');
      onFile?.();
      const field = (name: string, text: string) => new RegExp(`"${name}"\\s*:\\s*"([^"]*)"`).exec(text)?.[1];
      const hash = field('projectHash', first);
      const cwd = hash ? byHash.get(hash) : undefined;
      if (!cwd) continue;
      const models = [...last.matchAll(/"model"\s*:\s*"([^"]+)"/g)];
      sessions.push({
        agent: 'gemini-cli',
        path,
        sessionId: field('sessionId', first) || null,
        cwd,
        branch: null,
        startedAt: iso(field('startTime', first)),
        endedAt: iso(field('lastUpdated', first)),
        model: models.at(-1)?.[1] ?? null,
        agentVersion: null,
      });
    }
  }
  return { scanned, sessions };
}

async function readChat(path: string): Promise<Json | null> {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile() || info.size > MAX_JSON_TRAJECTORY_BYTES) return null;
  try {
    const doc = JSON.parse(await readFile(path, 'utf8')) as unknown;
    return isObject(doc) ? doc : null;
  } catch {
    return null;
  }
}

/**
 * A Gemini CLI chat as bounded log entries: user and model messages, thoughts, each tool call with its
 * status (`error` a tool error) and result, and per-reply tokens (`input` counts the cached ones, kept apart).
 */
export async function readGeminiSession(path: string): Promise<TranscriptReadResult> {
  const stats = emptyStats('gemini-cli');
  const log = new BoundedEntryLog();
  const session = new SessionTracker();
  const chat = await readChat(path);
  if (!chat)
    return {
      entries: [],
      problems: [{ path, message: 'not a Gemini CLI chat (a JSON document with messages), or over 64 MB' }],
      stats,
    };
  const add = (at: string, type: AgentLogType, text: string, agent: string, detail?: string) => {
    if (text.trim())
      log.add({ timestamp: at, type, text: boundText(text), agent, origin: path, ...(detail ? { detail } : {}) });
  };
  for (const m of (Array.isArray(chat.messages) ? chat.messages : []).filter(isObject)) {
    stats.lines += 1;
    const at = iso(m.timestamp) ?? iso(chat.startTime) ?? new Date(0).toISOString();
    const type = str(m.type);
    if (type === 'user') add(at, 'text', textOf(m.content), 'user');
    if (type === 'error') add(at, 'tool_error', textOf(m.content), 'gemini-cli');
    if (type !== 'gemini') continue;
    if (str(m.model)) stats.model = str(m.model);
    for (const t of (Array.isArray(m.thoughts) ? m.thoughts : []).filter(isObject))
      add(iso(t.timestamp) ?? at, 'thinking', `${str(t.subject)} ${str(t.description)}`.trim(), 'gemini-cli');
    add(at, 'text', textOf(m.content), 'gemini-cli');
    for (const call of (Array.isArray(m.toolCalls) ? m.toolCalls : []).filter(isObject)) {
      const name = str(call.name) || 'tool';
      const args = isObject(call.args) ? call.args : {};
      stats.toolCalls += 1;
      const command = typeof args.command === 'string' ? args.command : `${name} ${JSON.stringify(args)}`;
      session.action(command, EDIT_TOOLS.has(name) ? 'edit' : undefined);
      const when = iso(call.timestamp) ?? at;
      add(when, 'tool', `${name} ${JSON.stringify(args)}`, 'gemini-cli', name);
      const output = str(call.resultDisplay) || textOf(call.result);
      const status = str(call.status);
      if (status === 'cancelled') {
        session.declined();
        continue;
      }
      const failed = session.result(output, status === 'error' ? true : status === 'success' ? false : undefined);
      if (failed) stats.toolErrors += 1;
      add(when, failed ? 'tool_error' : 'tool_result', output, 'gemini-cli', name);
    }
    const tokens = isObject(m.tokens) ? m.tokens : null;
    if (tokens) {
      const cached = count(tokens.cached);
      stats.inputTokens += Math.max(0, count(tokens.input) - cached);
      stats.cachedTokens += cached;
      stats.outputTokens += count(tokens.output) + count(tokens.thoughts);
    }
  }
  stats.session = session.summary();
  return { entries: log.entries(), problems: [], stats };
}
