import { readFile, stat } from 'node:fs/promises';
import { SourceError, type AgentLogEntry } from '../../core/index.js';
import {
  BoundedEntryLog,
  boundText,
  forEachLine,
  MAX_JSON_TRAJECTORY_BYTES,
  SessionTracker,
} from '../transcripts/index.js';
import { emptyStats, type TranscriptStats } from '../transcripts/transcript-types.js';
import type { AgentSessionFile } from './agent-session-file.js';

type Json = Record<string, unknown>;
type Attributes = Map<string, unknown>;

/** Sessions one export may hold; more are left out and said. */
const MAX_SESSIONS = 10_000;

/** One attribute's value as OTLP JSON writes it (`{ stringValue }`, `{ intValue: "12" }`, ...). */
function valueOf(v: unknown): unknown {
  const any = (v ?? {}) as Json;
  if ('stringValue' in any) return any.stringValue;
  if ('intValue' in any) return Number(any.intValue);
  if ('doubleValue' in any) return Number(any.doubleValue);
  if ('boolValue' in any) return any.boolValue;
  return null;
}

function attributesOf(list: unknown, into: Attributes = new Map()): Attributes {
  if (Array.isArray(list))
    for (const a of list as { key?: unknown; value?: unknown }[])
      if (typeof a?.key === 'string') into.set(a.key, valueOf(a.value));
  return into;
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : null;
const isoOf = (nanos: unknown) => {
  const n = num(nanos);
  return n !== null && n > 0 ? new Date(Math.floor(n / 1e6)).toISOString() : null;
};
const first = (a: Attributes, ...keys: string[]) => {
  for (const k of keys) {
    const v = str(a.get(k));
    if (v !== null) return v;
  }
  return null;
};

/** What one session has shown so far. */
class SessionSoFar {
  readonly stats: TranscriptStats = emptyStats('otlp');
  readonly log = new BoundedEntryLog();
  readonly tracker = new SessionTracker();
  agentName: string | null = null;
  agentVersion: string | null = null;
  model: string | null = null;
  cwd: string | null = null;
  branch: string | null = null;
  startedAt: string | null = null;
  endedAt: string | null = null;

  constructor(
    readonly id: string,
    private readonly origin: string,
  ) {}

  seen(at: string | null): void {
    if (at === null) return;
    if (this.startedAt === null || at < this.startedAt) this.startedAt = at;
    if (this.endedAt === null || at > this.endedAt) this.endedAt = at;
  }

  identity(a: Attributes): void {
    this.agentName ??= first(a, 'gen_ai.agent.name', 'service.name');
    this.agentVersion ??= first(a, 'gen_ai.agent.version', 'app.version', 'service.version');
    this.model = first(a, 'gen_ai.response.model', 'gen_ai.request.model', 'model') ?? this.model;
    this.cwd ??= first(a, 'process.working_directory', 'cwd', 'workspace.path');
    this.branch ??= first(a, 'vcs.ref.head.name', 'git.branch');
  }

  tool(at: string, name: string, failed: boolean, error: string | null): void {
    this.stats.toolCalls += 1;
    this.add(at, 'tool', name);
    this.tracker.action(name);
    this.tracker.result(error ?? '', failed);
    if (failed) {
      this.stats.toolErrors += 1;
      this.add(at, 'tool_error', `${name}: ${error ?? 'failed'}`);
    }
  }

  tokens(a: Attributes): void {
    this.stats.inputTokens += num(a.get('gen_ai.usage.input_tokens')) ?? num(a.get('input_tokens')) ?? 0;
    this.stats.outputTokens += num(a.get('gen_ai.usage.output_tokens')) ?? num(a.get('output_tokens')) ?? 0;
    this.stats.cachedTokens +=
      num(a.get('gen_ai.usage.cache_read.input_tokens')) ?? num(a.get('cache_read_tokens')) ?? 0;
  }

  add(at: string, type: AgentLogEntry['type'], text: string): void {
    this.log.add({ timestamp: at, type, text: boundText(text), agent: this.agentName ?? 'agent', origin: this.origin });
  }

  session(path: string): AgentSessionFile {
    this.stats.session = this.tracker.summary();
    if (this.model) this.stats.model = this.model;
    return {
      agent: 'otlp',
      path: `${path}#${this.id}`,
      sessionId: this.id,
      cwd: this.cwd,
      branch: this.branch,
      startedAt: this.startedAt,
      endedAt: this.endedAt,
      model: this.model,
      agentVersion: this.agentVersion,
      ...(this.agentName ? { agentName: this.agentName } : {}),
      telemetry: { entries: this.log.entries(), problems: [], stats: this.stats },
    };
  }
}

/** A span that ran a tool (GenAI `execute_tool`, Claude Code's `claude_code.tool`). */
const isToolSpan = (name: string, a: Attributes) =>
  a.get('gen_ai.operation.name') === 'execute_tool' || name.startsWith('execute_tool') || name === 'claude_code.tool';
/** The event a log record is: its eventName, or Claude Code's `event.name` attribute. */
const eventOf = (record: Json, a: Attributes) =>
  str(record.eventName) ?? first(a, 'event.name') ?? str((record.body as Json | undefined)?.stringValue);

/**
 * Reads an OTLP JSON export (one ExportTraceServiceRequest or ExportLogsServiceRequest a line, as a collector's
 * file exporter writes, or one whole document) into agent sessions: GenAI spans (`invoke_agent`, `execute_tool`,
 * `chat` with `gen_ai.*` attributes) and Claude Code's telemetry events (`tool_result`, `api_request`,
 * `user_prompt`), grouped by `gen_ai.conversation.id` or `session.id` (the trace when neither is given).
 */
export async function readOtlpSessions(path: string): Promise<AgentSessionFile[]> {
  const sessions = new Map<string, SessionSoFar>();
  const sessionFor = (id: string) => {
    let s = sessions.get(id);
    if (!s && sessions.size < MAX_SESSIONS) sessions.set(id, (s = new SessionSoFar(id, path)));
    return s ?? null;
  };
  /** Each span or log record of a request with its attributes (the resource's under its own) and its session. */
  const each = (
    doc: Json,
    [resources, scopes, items]: readonly [string, string, string],
    visit: (item: Json, a: Attributes, s: SessionSoFar) => void,
  ) => {
    for (const r of (doc[resources] ?? []) as Json[]) {
      const resource = attributesOf((r.resource as Json | undefined)?.attributes);
      for (const scope of (r[scopes] ?? []) as Json[])
        for (const item of (scope[items] ?? []) as Json[]) {
          const a = attributesOf(item.attributes, new Map(resource));
          const id = first(a, 'gen_ai.conversation.id', 'session.id') ?? str(item.traceId);
          const s = id ? sessionFor(id) : null;
          if (!s) continue;
          s.stats.lines += 1;
          s.identity(a);
          visit(item, a, s);
        }
    }
  };
  const request = (doc: Json) => {
    each(doc, ['resourceSpans', 'scopeSpans', 'spans'], (span, a, s) => {
      const start = isoOf(span.startTimeUnixNano);
      s.seen(start);
      s.seen(isoOf(span.endTimeUnixNano));
      const name = str(span.name) ?? '';
      const status = span.status as Json | undefined;
      const failed = status?.code === 2 || status?.code === 'STATUS_CODE_ERROR' || a.has('error.type');
      if (isToolSpan(name, a))
        s.tool(
          start ?? new Date(0).toISOString(),
          first(a, 'gen_ai.tool.name', 'tool_name') ?? name,
          failed,
          str(status?.message) ?? first(a, 'error.type'),
        );
      else s.tokens(a);
    });
    each(doc, ['resourceLogs', 'scopeLogs', 'logRecords'], (record, a, s) => {
      const at = isoOf(record.timeUnixNano) ?? first(a, 'event.timestamp') ?? isoOf(record.observedTimeUnixNano);
      s.seen(at);
      const event = (eventOf(record, a) ?? '').replace(/^claude_code\./, '');
      if (event === 'tool_result') {
        const success = a.get('success');
        s.tool(
          at ?? new Date(0).toISOString(),
          first(a, 'tool_name') ?? 'tool',
          success === false || success === 'false',
          first(a, 'error'),
        );
      } else if (event === 'api_request') s.tokens(a);
      else if (event === 'user_prompt') s.add(at ?? new Date(0).toISOString(), 'text', 'user prompt');
    });
  };
  const info = await stat(path).catch((error: Error) => {
    throw new SourceError('source_unreadable', `cannot read OTLP export ${path}: ${error.message}`, { field: path });
  });
  let unparsed = 0;
  await forEachLine(path, (text) => {
    if (text === null || text.trim() === '') return;
    try {
      request(JSON.parse(text) as Json);
    } catch {
      unparsed += 1;
    }
  });
  // Not one request a line: a whole document (pretty-printed), read whole when small enough.
  if (unparsed > 0 && sessions.size === 0) {
    if (info.size > MAX_JSON_TRAJECTORY_BYTES)
      throw new SourceError('source_invalid', `${path}: not OTLP JSON lines, and over 64 MB for one document`, {
        field: path,
      });
    try {
      request(JSON.parse(await readFile(path, 'utf8')) as Json);
    } catch (error) {
      throw new SourceError(
        'source_invalid',
        `${path}: not an OTLP JSON export (${(error as Error).message}); expected ExportTraceServiceRequest or ExportLogsServiceRequest JSON, one a line or one document`,
        { field: path },
      );
    }
  }
  return [...sessions.values()].map((s) => s.session(path));
}
