import type { AgentLogType } from '../../core/index.js';
import type { SessionTracker } from './session-tracker.js';
import type { TranscriptStats } from './transcript-types.js';

/** What trajectory readers share: loose JSON access, a log entry before its time is set, a step's output. */
export type Json = Record<string, unknown>;
export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A log entry as a reader drafts it; `at` is its own time when the harness recorded one. */
export type Draft = { type: AgentLogType; text: string; agent: string; detail?: string; at?: string };

/**
 * A step's output: a tool error when its exit code is not 0, or, without an exit code (SWE-agent steps
 * record none), when the output shows a failure: a traceback, `command not found`, a refused edit.
 */
export function observation(
  text: string,
  code: number | undefined,
  agent: string,
  stats: TranscriptStats,
  session: SessionTracker,
): Draft {
  const failed = session.result(text, code === undefined ? undefined : code !== 0);
  if (failed) stats.toolErrors += 1;
  const draft: Draft = { type: failed ? 'tool_error' : 'tool_result', text, agent };
  if (code !== undefined) draft.detail = `returncode ${code}`;
  return draft;
}

export function addUsage(usage: Json | null, stats: TranscriptStats): void {
  if (!usage) return;
  const details = isObject(usage.prompt_tokens_details) ? usage.prompt_tokens_details : {};
  const cached = num(details.cached_tokens);
  // OpenAI-style prompt_tokens include the cached ones; stats keep them apart.
  stats.inputTokens += Math.max(0, num(usage.prompt_tokens) - cached);
  stats.outputTokens += num(usage.completion_tokens);
  stats.cachedTokens += cached;
}

export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : ''))
    .filter(Boolean)
    .join('\n');
}

export function timestampOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value))
    return new Date(value < 1e12 ? value * 1000 : value).toISOString();
  if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return value;
  return undefined;
}
