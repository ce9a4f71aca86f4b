import { stat } from 'node:fs/promises';
import type Database from 'better-sqlite3';
import { betterSqlite3 } from '../../../load-better-sqlite3.js';
import type { AgentLogType } from '../../../../core/index.js';
import { BoundedEntryLog, boundText, SessionTracker } from '../../../transcripts/index.js';
import { emptyStats, type TranscriptReadResult } from '../../../transcripts/transcript-types.js';
import type { AgentSessionFile } from '../../agent-session-file.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Blobs one session's tree may hold: more are left unread. */
const MAX_BLOBS = 50_000;
/** A linking blob's child reference: tag 0x0A, length 0x20, then a 32-byte SHA-256. */
const REF_BYTES = 34;

// Cursor's tools that change files.
const EDIT_TOOLS =
  /^(edit|write|strreplace|str_replace|multiedit|multi_edit|search_replace|edit_file|apply_patch|delete|delete_file)$/i;

/** What a chat's `meta` row says: its id, the root of its message tree, when it began and the model last used. */
interface CursorMeta {
  agentId: string;
  latestRootBlobId: string;
  createdAt: number | null;
  lastUsedModel: string | null;
}

function openChat(path: string): Database.Database {
  // Never immutable: Cursor keeps the chat in WAL mode and may be writing it.
  const Driver = betterSqlite3();
  return new Driver(path, { readonly: true, fileMustExist: true });
}

/** The `meta` row of a chat store (hex-encoded JSON under key "0"); null when the file is not one. */
function readMeta(db: Database.Database): CursorMeta | null {
  try {
    const row = db.prepare("SELECT value FROM meta WHERE key = '0'").get() as { value: unknown } | undefined;
    const raw = typeof row?.value === 'string' ? Buffer.from(row.value, 'hex').toString('utf8') : '';
    const doc = JSON.parse(raw) as unknown;
    if (!isObject(doc) || !str(doc.agentId)) return null;
    return {
      agentId: str(doc.agentId),
      latestRootBlobId: str(doc.latestRootBlobId),
      createdAt: typeof doc.createdAt === 'number' && doc.createdAt > 0 ? doc.createdAt : null,
      lastUsedModel: str(doc.lastUsedModel) || null,
    };
  } catch {
    return null;
  }
}

/** The chat's last write: the store or its WAL, whichever changed later. */
async function lastWrite(path: string): Promise<number | null> {
  const times = await Promise.all(
    [path, `${path}-wal`].map((p) =>
      stat(p).then(
        (s) => s.mtimeMs,
        () => null,
      ),
    ),
  );
  const known = times.filter((t): t is number => t !== null);
  return known.length ? Math.max(...known) : null;
}

/** A Cursor chat store as a session of `cwd`, or null when it is not one. */
export async function scanCursorChat(path: string, cwd: string): Promise<AgentSessionFile | null> {
  let meta: CursorMeta | null = null;
  try {
    const db = openChat(path);
    try {
      meta = readMeta(db);
    } finally {
      db.close();
    }
  } catch {
    return null;
  }
  if (!meta) return null;
  const ended = await lastWrite(path);
  const started = meta.createdAt ?? ended;
  return {
    agent: 'cursor',
    path,
    sessionId: meta.agentId,
    cwd,
    branch: null,
    startedAt: started === null ? null : new Date(started).toISOString(),
    endedAt: ended === null ? null : new Date(Math.max(ended, started ?? ended)).toISOString(),
    model: meta.lastUsedModel,
    agentVersion: null,
  };
}

/** A blob: the child blobs it links to (32-byte SHA-256 references) and the message it carries, if any. */
function parseBlob(data: Buffer): { children: string[]; message: Json | null } {
  const children: string[] = [];
  let offset = 0;
  while (offset + REF_BYTES <= data.length && data[offset] === 0x0a && data[offset + 1] === 0x20) {
    children.push(data.subarray(offset + 2, offset + REF_BYTES).toString('hex'));
    offset += REF_BYTES;
  }
  const start = data.indexOf(0x7b, offset);
  if (start < 0) return { children, message: null };
  try {
    const doc = JSON.parse(data.subarray(start).toString('utf8')) as unknown;
    return { children, message: isObject(doc) ? doc : null };
  } catch {
    // Bytes after the references that are not a message.
    return { children, message: null };
  }
}

/**
 * The chat's messages in order: the tree from `latestRootBlobId` walked depth first, a linking blob's
 * children before the message it may carry after them. Blobs are read one at a time, each once.
 */
function* chatMessages(db: Database.Database, root: string): Generator<Json> {
  const read = db.prepare('SELECT data FROM blobs WHERE id = ?');
  const seen = new Set<string>();
  const stack: ({ blob: string } | { message: Json })[] = [{ blob: root }];
  while (stack.length) {
    const next = stack.pop()!;
    if ('message' in next) {
      yield next.message;
      continue;
    }
    if (seen.has(next.blob) || seen.size >= MAX_BLOBS) continue;
    seen.add(next.blob);
    const row = read.get(next.blob) as { data: unknown } | undefined;
    const data = Buffer.isBuffer(row?.data) ? row.data : typeof row?.data === 'string' ? Buffer.from(row.data) : null;
    if (!data?.length) continue;
    const { children, message } = parseBlob(data);
    // Last in, first out: the message goes under its children so it comes after them.
    if (message) stack.push({ message });
    for (const child of children.reverse()) stack.push({ blob: child });
  }
}

/** A message's content as parts: Cursor writes a user's as one string, an assistant's and a tool's as parts. */
function parts(message: Json): Json[] {
  if (typeof message.content === 'string') return [{ type: 'text', text: message.content }];
  return Array.isArray(message.content) ? message.content.filter(isObject) : [];
}

/** A tool result's text: a string, or text parts. */
function resultText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((p) => (isObject(p) ? str(p.text) : '')).join('\n');
  return value === undefined || value === null ? '' : JSON.stringify(value);
}

/**
 * A Cursor agent chat (`~/.cursor/chats/<md5 of the project path>/<chat id>/store.db`) as bounded log entries:
 * the user's queries, the assistant's text, reasoning and tool calls, and each tool result (`isError` a failed
 * call), paired by call id. Cursor keeps no time per message, so entries carry the chat's start; nor tokens.
 */
export async function readCursorSession(session: AgentSessionFile): Promise<TranscriptReadResult> {
  const stats = emptyStats('cursor');
  const log = new BoundedEntryLog();
  const tracker = new SessionTracker();
  const at = session.startedAt ?? new Date(0).toISOString();
  const add = (type: AgentLogType, text: string, detail?: string) => {
    if (text.trim())
      log.add({
        timestamp: at,
        type,
        text: boundText(text),
        agent: 'cursor',
        origin: session.path,
        ...(detail ? { detail } : {}),
      });
  };
  let db: Database.Database;
  try {
    db = openChat(session.path);
  } catch (error) {
    return { entries: [], problems: [{ path: session.path, message: `not a Cursor chat: ${String(error)}` }], stats };
  }
  try {
    const meta = readMeta(db);
    if (!meta)
      return { entries: [], problems: [{ path: session.path, message: 'not a Cursor chat: no meta row' }], stats };
    if (meta.lastUsedModel) stats.model = meta.lastUsedModel;
    for (const message of chatMessages(db, meta.latestRootBlobId)) {
      stats.lines += 1;
      const role = str(message.role);
      for (const part of parts(message)) {
        const type = str(part.type);
        if (role === 'user' && type === 'text') {
          // The query sits among the context Cursor adds (<user_info>, open files): keep the query.
          const text = str(part.text);
          add('text', /<user_query>\s*([\s\S]*?)\s*<\/user_query>/.exec(text)?.[1] ?? text, 'user');
        } else if (role === 'assistant' && type === 'text') add('text', str(part.text));
        else if (type === 'reasoning') add('thinking', str(part.text));
        else if (type === 'tool-call') {
          const tool = str(part.toolName) || 'tool';
          const args = isObject(part.args) ? part.args : {};
          const command = typeof args.command === 'string' ? args.command : `${tool} ${JSON.stringify(args)}`;
          stats.toolCalls += 1;
          tracker.call(str(part.toolCallId), command, EDIT_TOOLS.test(tool) ? 'edit' : undefined);
          add('tool', `${tool} ${JSON.stringify(args)}`, tool);
        } else if (type === 'tool-result') {
          const tool = str(part.toolName) || 'tool';
          if (!tracker.answered(str(part.toolCallId))) continue;
          const output = resultText(part.result);
          const failed = tracker.result(output, part.isError === true ? true : undefined);
          if (failed) stats.toolErrors += 1;
          add(failed ? 'tool_error' : 'tool_result', output, tool);
        }
      }
    }
    tracker.unanswered();
    stats.session = tracker.summary();
    return { entries: log.entries(), problems: [], stats };
  } catch (error) {
    return {
      entries: log.entries(),
      problems: [{ path: session.path, message: `Cursor chat unreadable: ${String(error)}` }],
      stats,
    };
  } finally {
    db.close();
  }
}
