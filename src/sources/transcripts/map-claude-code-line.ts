import type { AgentLogEntry, AgentLogType } from '../../core/index.js';
import { boundText } from './bounded-entry-log.js';
import { SessionTracker } from './session-tracker.js';
import type { TranscriptStats } from './transcript-types.js';

/** Claude Code tools that change files. */
const EDIT_TOOLS: ReadonlySet<string> = new Set(['Edit', 'MultiEdit', 'Write', 'NotebookEdit']);

/**
 * Tool results Claude Code writes for calls that never ran: the user declined or interrupted them, or a
 * permission rule refused them (the texts its CLI writes, as public transcripts show them).
 */
const DECLINED =
  /^(?:The user doesn't want to (?:proceed with this tool use|take this action right now)|\[Request interrupted by user for tool use\]|Permission to use \S+ (?:with command .* )?has been denied)/;

/** Tool names remembered by tool_use id, so a later tool_result can say which tool it answers. */
const MAX_REMEMBERED_TOOLS = 1000;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);

interface Usage {
  input: number;
  output: number;
  cached: number;
}

/**
 * Turns Claude Code session lines (`{type: 'user'|'assistant', message: {content, usage}, timestamp}`)
 * into agent log entries, one per text, thinking, tool_use and tool_result block, counting into `stats`.
 */
export class ClaudeCodeLineMapper {
  private readonly toolNames = new Map<string, string>();
  private lastTimestamp: string;
  private lastMessageId: string | undefined;
  private lastUsage: Usage = { input: 0, output: 0, cached: 0 };

  constructor(
    private readonly origin: string,
    private readonly stats: TranscriptStats,
    fallbackTimestamp: string,
    private readonly session: SessionTracker = new SessionTracker(),
  ) {
    this.lastTimestamp = fallbackTimestamp;
  }

  /** The entries of one parsed line; lines of other types (summary, system, snapshots) give none. */
  map(line: unknown): AgentLogEntry[] {
    if (!isObject(line) || (line.type !== 'user' && line.type !== 'assistant') || !isObject(line.message)) return [];
    if (typeof line.timestamp === 'string' && !Number.isNaN(Date.parse(line.timestamp)))
      this.lastTimestamp = line.timestamp;
    const message = line.message;
    if (line.type === 'assistant') this.countUsage(message);
    const agent = line.type === 'user' ? 'user' : line.isSidechain === true ? 'claude-code subagent' : 'claude-code';
    if (line.isMeta === true) return [];
    const content = message.content;
    if (typeof content === 'string') return content.trim() ? [this.entry('text', content, agent)] : [];
    if (!Array.isArray(content)) return [];
    const entries: AgentLogEntry[] = [];
    for (const block of content) {
      const entry = isObject(block) ? this.block(block, agent) : null;
      if (entry) entries.push(entry);
    }
    return entries;
  }

  private block(block: Json, agent: string): AgentLogEntry | null {
    switch (block.type) {
      case 'text':
        return typeof block.text === 'string' && block.text.trim() ? this.entry('text', block.text, agent) : null;
      case 'thinking':
        return typeof block.thinking === 'string' && block.thinking.trim()
          ? this.entry('thinking', block.thinking, agent)
          : null;
      case 'tool_use': {
        const name = typeof block.name === 'string' ? block.name : 'tool';
        if (typeof block.id === 'string') this.rememberTool(block.id, name);
        this.stats.toolCalls += 1;
        const command = isObject(block.input) && typeof block.input.command === 'string' ? block.input.command : '';
        const call = {
          command: command || name,
          kind: EDIT_TOOLS.has(name) ? ('edit' as const) : name === 'Bash' ? undefined : ('other' as const),
        };
        // The session counts the call when its result comes back, so parallel calls pair with their own results.
        if (typeof block.id === 'string') this.session.call(block.id, call.command, call.kind);
        else this.session.action(call.command, call.kind);
        const input = block.input === undefined ? '' : ` ${boundText(JSON.stringify(block.input) ?? '')}`;
        return this.entry('tool', `${name}${input}`, agent, name);
      }
      case 'tool_result': {
        const text = resultText(block.content);
        if (typeof block.tool_use_id === 'string') this.session.answered(block.tool_use_id);
        // A call the user declined or a permission refused never ran: not the agent's failed command.
        if (block.is_error === true && DECLINED.test(text)) {
          this.session.declined();
          const name = typeof block.tool_use_id === 'string' ? this.toolNames.get(block.tool_use_id) : undefined;
          return this.entry('tool_result', text, 'user', name);
        }
        const failed = block.is_error === true;
        if (failed) this.stats.toolErrors += 1;
        this.session.result(text, failed);
        const name = typeof block.tool_use_id === 'string' ? this.toolNames.get(block.tool_use_id) : undefined;
        // A tool result arrives in a user line, but the agent is the one that called the tool.
        const caller = agent === 'user' ? 'claude-code' : agent;
        return this.entry(failed ? 'tool_error' : 'tool_result', resultText(block.content), caller, name);
      }
      default:
        return null;
    }
  }

  /** Calls whose result never came (the session ended first) still were steps. */
  finish(): void {
    this.session.unanswered();
  }

  private entry(type: AgentLogType, text: string, agent: string, detail?: string): AgentLogEntry {
    const entry: AgentLogEntry = {
      timestamp: this.lastTimestamp,
      type,
      text: boundText(text),
      agent,
      origin: this.origin,
    };
    if (detail) entry.detail = detail;
    return entry;
  }

  // Claude Code writes one line per content block of a message, each repeating the message's usage;
  // a repeat replaces the previous count instead of adding to it.
  private countUsage(message: Json): void {
    if (!isObject(message.usage)) return;
    const u = message.usage;
    const usage = {
      input: num(u.input_tokens) + num(u.cache_creation_input_tokens),
      output: num(u.output_tokens),
      cached: num(u.cache_read_input_tokens),
    };
    const id = typeof message.id === 'string' ? message.id : undefined;
    if (id !== undefined && id === this.lastMessageId) {
      this.stats.inputTokens -= this.lastUsage.input;
      this.stats.outputTokens -= this.lastUsage.output;
      this.stats.cachedTokens -= this.lastUsage.cached;
    }
    this.stats.inputTokens += usage.input;
    this.stats.outputTokens += usage.output;
    this.stats.cachedTokens += usage.cached;
    this.lastMessageId = id;
    this.lastUsage = usage;
  }

  private rememberTool(id: string, name: string): void {
    this.toolNames.set(id, name);
    if (this.toolNames.size > MAX_REMEMBERED_TOOLS) this.toolNames.delete(this.toolNames.keys().next().value as string);
  }
}

function resultText(content: unknown): string {
  if (typeof content === 'string') return boundText(content);
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  let length = 0;
  for (const part of content) {
    if (length > 2000) break;
    const text = isObject(part)
      ? part.type === 'text' && typeof part.text === 'string'
        ? part.text
        : `[${String(part.type ?? 'content')}]`
      : '';
    parts.push(text);
    length += text.length;
  }
  return boundText(parts.join('\n'));
}
