import type { AgentLogEntry } from '../../core/index.js';
import { BoundedEntryLog, boundText, forEachLine, SessionTracker } from '../transcripts/index.js';
import { parseJsonLine } from './parse-json-line.js';
import { emptyStats, type TranscriptReadResult } from '../transcripts/transcript-types.js';

type Json = Record<string, unknown>;

/**
 * Reads a Codex CLI rollout (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`) into bounded agent log entries:
 * messages, function calls, and their outputs, an output whose `exit_code` is not 0 being a tool error;
 * token counts from the last `token_count` event. Older rollouts without the `payload` envelope (one
 * record per line with a `type`) are read the same way.
 */
export async function readCodexRollout(path: string): Promise<TranscriptReadResult> {
  const stats = emptyStats('codex');
  const log = new BoundedEntryLog();
  const session = new SessionTracker();
  let timestamp = new Date(0).toISOString();
  const add = (type: AgentLogEntry['type'], text: string) =>
    log.add({ timestamp, type, text: boundText(text), agent: 'codex', origin: path });
  await forEachLine(path, (text) => {
    stats.lines += 1;
    const line = parseJsonLine(text);
    if (!line) return;
    if (typeof line.timestamp === 'string' && !Number.isNaN(Date.parse(line.timestamp))) timestamp = line.timestamp;
    const item = (line.type === 'response_item' || line.type === 'event_msg' ? line.payload : line) as Json | undefined;
    if (!item || typeof item !== 'object') return;
    if (item.type === 'function_call' || item.type === 'local_shell_call' || item.type === 'custom_tool_call') {
      stats.toolCalls += 1;
      const call = `${String(item.name ?? item.type)} ${typeof item.arguments === 'string' ? item.arguments : JSON.stringify(item.arguments ?? item.action ?? item.input ?? '')}`;
      add('tool', call);
      session.action(commandOf(item), item.name === 'apply_patch' ? 'edit' : undefined);
    } else if (item.type === 'function_call_output' || item.type === 'custom_tool_call_output') {
      const { output, exitCode } = outputOf(item.output);
      session.result(output, exitCode === null ? undefined : exitCode !== 0);
      if (exitCode !== null && exitCode !== 0) {
        stats.toolErrors += 1;
        add('tool_error', `exit ${exitCode}: ${output}`);
      } else add('tool_result', output);
    } else if (item.type === 'message' && item.role === 'assistant') {
      add('text', contentText(item.content));
    } else if (item.type === 'token_count') {
      const total = ((item.info as Json | undefined)?.total_token_usage ?? {}) as Json;
      const input = Number(total.input_tokens ?? 0);
      const cached = Number(total.cached_input_tokens ?? 0);
      if (Number.isFinite(input) && input > 0) {
        stats.inputTokens = Math.max(0, input - cached);
        stats.cachedTokens = cached;
        stats.outputTokens = Number(total.output_tokens ?? 0) || 0;
      }
    }
  });
  stats.session = session.summary();
  return { entries: log.entries(), problems: [], stats };
}

/** The shell command a call ran (`{"command": ["bash", "-lc", "npm test"]}`), for telling edits and tests apart. */
function commandOf(item: Json): string {
  let args: unknown = item.arguments ?? item.action ?? item.input;
  if (typeof args === 'string') {
    try {
      args = JSON.parse(args);
    } catch {
      return args as string;
    }
  }
  const command = (args as Json | null)?.command;
  if (Array.isArray(command)) {
    const words = command.map(String);
    // `bash -lc "<script>"` runs the script: that is the command.
    return words.length >= 3 && /^(?:ba|z)?sh$/.test(words[0]!) && words[1]!.startsWith('-')
      ? words.slice(2).join(' ')
      : words.join(' ');
  }
  return typeof command === 'string' ? command : String(item.name ?? '');
}

/** A function call's output: Codex wraps it as JSON text `{ output, metadata: { exit_code } }`. */
function outputOf(raw: unknown): { output: string; exitCode: number | null } {
  if (typeof raw !== 'string') return { output: JSON.stringify(raw ?? ''), exitCode: null };
  try {
    const parsed = JSON.parse(raw) as Json;
    const code = (parsed.metadata as Json | undefined)?.exit_code;
    return {
      output: typeof parsed.output === 'string' ? parsed.output : raw,
      exitCode: typeof code === 'number' ? code : null,
    };
  } catch {
    const m = /Exit code: (-?\d+)/.exec(raw);
    return { output: raw, exitCode: m ? Number(m[1]) : null };
  }
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((c) => (typeof (c as Json).text === 'string' ? ((c as Json).text as string) : '')).join('\n');
}
