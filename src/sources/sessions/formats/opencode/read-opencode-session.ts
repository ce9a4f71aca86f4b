import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { AgentLogType } from '../../../../core/index.js';
import { BoundedEntryLog, boundText, SessionTracker } from '../../../transcripts/index.js';
import { emptyStats, type TranscriptReadResult } from '../../../transcripts/transcript-types.js';
import type { AgentSessionFile } from '../../agent-session-file.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.round(v) : 0);
const ms = (v: unknown): string | null =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 ? new Date(v).toISOString() : null;

/** Files one session may hold (messages, parts of a message): more are left unread. */
const MAX_FILES = 20_000;
/** Sessions one project folder may hold. */
const MAX_SESSIONS = 5_000;

async function json(path: string): Promise<Json | null> {
  try {
    const doc = JSON.parse(await readFile(path, 'utf8')) as unknown;
    return isObject(doc) ? doc : null;
  } catch {
    return null;
  }
}

async function names(dir: string): Promise<string[]> {
  return (await readdir(dir).catch(() => [] as string[]))
    .filter((n) => n.endsWith('.json'))
    .sort()
    .slice(0, MAX_FILES);
}

// OpenCode's tools that change files.
const EDIT_TOOLS = new Set(['edit', 'write', 'patch', 'multiedit']);

/**
 * The OpenCode sessions (`storage/session/<project>/<session>.json`) whose `directory` is one of the
 * repository's; a subagent's session (its `parentID` set) is read with its parent, not listed.
 */
export async function findOpencodeSessions(
  storage: string,
  ranIn: (cwd: string) => boolean,
  onFile?: () => void,
): Promise<{ scanned: number; sessions: AgentSessionFile[] }> {
  const sessions: AgentSessionFile[] = [];
  let scanned = 0;
  for (const project of await readdir(join(storage, 'session')).catch(() => [] as string[])) {
    for (const name of (await names(join(storage, 'session', project))).slice(0, MAX_SESSIONS)) {
      scanned += 1;
      const path = join(storage, 'session', project, name);
      const info = await json(path);
      onFile?.();
      const cwd = str(info?.directory);
      if (!info || !cwd || !ranIn(cwd) || str(info.parentID)) continue;
      const time = isObject(info.time) ? info.time : {};
      const id = str(info.id) || name.replace(/\.json$/, '');
      // The model is the newest message's: message ids sort by time.
      const last = (await names(join(storage, 'message', id))).at(-1);
      const message = last ? await json(join(storage, 'message', id, last)) : null;
      sessions.push({
        agent: 'opencode',
        path,
        sessionId: id,
        cwd,
        branch: null,
        startedAt: ms(time.created),
        endedAt: ms(time.updated) ?? ms(time.created),
        model: str(message?.modelID) || null,
        agentVersion: str(info.version) || null,
      });
    }
  }
  return { scanned, sessions };
}

/**
 * An OpenCode session (its messages and their parts, and its subagents' sessions) as bounded log entries:
 * text and reasoning parts, each tool part with its state (`error` a failed call), and each assistant
 * message's tokens (`input`, `output` and `reasoning`, `cache.read`).
 */
export async function readOpencodeSession(sessionPath: string): Promise<TranscriptReadResult> {
  const stats = emptyStats('opencode');
  const log = new BoundedEntryLog();
  const tracker = new SessionTracker();
  const storage = join(sessionPath, '..', '..', '..');
  const info = await json(sessionPath);
  if (!info) return { entries: [], problems: [{ path: sessionPath, message: 'not an OpenCode session file' }], stats };
  const id = str(info.id);
  const projectDir = join(sessionPath, '..');
  const children: string[] = [];
  for (const name of await names(projectDir)) {
    const child = name === `${id}.json` ? null : await json(join(projectDir, name));
    if (child && str(child.parentID) === id) children.push(str(child.id));
  }
  const add = (at: string, type: AgentLogType, text: string, detail?: string) => {
    if (text.trim())
      log.add({
        timestamp: at,
        type,
        text: boundText(text),
        agent: 'opencode',
        origin: sessionPath,
        ...(detail ? { detail } : {}),
      });
  };
  for (const session of [id, ...children]) {
    for (const name of await names(join(storage, 'message', session))) {
      const message = await json(join(storage, 'message', session, name));
      if (!message) continue;
      stats.lines += 1;
      const time = isObject(message.time) ? message.time : {};
      const at = ms(time.created) ?? new Date(0).toISOString();
      const role = str(message.role);
      if (role === 'assistant') {
        if (str(message.modelID) && session === id) stats.model = str(message.modelID);
        const tokens = isObject(message.tokens) ? message.tokens : {};
        const cache = isObject(tokens.cache) ? tokens.cache : {};
        stats.inputTokens += count(tokens.input);
        stats.cachedTokens += count(cache.read);
        stats.outputTokens += count(tokens.output) + count(tokens.reasoning);
      }
      for (const partName of await names(join(storage, 'part', str(message.id) || name.replace(/\.json$/, '')))) {
        const part = await json(join(storage, 'part', str(message.id) || name.replace(/\.json$/, ''), partName));
        if (!part) continue;
        const type = str(part.type);
        if (type === 'text') add(at, 'text', str(part.text), role === 'user' ? 'user' : undefined);
        else if (type === 'reasoning') add(at, 'thinking', str(part.text));
        else if (type === 'tool') {
          const tool = str(part.tool) || 'tool';
          const state = isObject(part.state) ? part.state : {};
          const input = isObject(state.input) ? state.input : {};
          const stateTime = isObject(state.time) ? state.time : {};
          const when = ms(stateTime.start) ?? at;
          stats.toolCalls += 1;
          tracker.action(
            typeof input.command === 'string' ? input.command : `${tool} ${JSON.stringify(input)}`,
            EDIT_TOOLS.has(tool) ? 'edit' : undefined,
          );
          add(when, 'tool', `${tool} ${JSON.stringify(input)}`, tool);
          const status = str(state.status);
          if (status !== 'completed' && status !== 'error') continue;
          const output = status === 'error' ? str(state.error) : str(state.output);
          const failed = tracker.result(output, status === 'error' ? true : undefined);
          if (failed) stats.toolErrors += 1;
          add(when, failed ? 'tool_error' : 'tool_result', output, tool);
        }
      }
    }
  }
  if (children.length) stats.subagents = children.length;
  stats.session = tracker.summary();
  return { entries: log.entries(), problems: [], stats };
}
