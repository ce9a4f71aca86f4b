import type { AgentLogType } from '../../core/index.js';
import { boundText, type BoundedEntryLog } from './bounded-entry-log.js';
import { SessionTracker } from './session-tracker.js';
import type { TranscriptStats } from './transcript-types.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.round(v) : 0);

/** True for an ATIF trajectory (Harbor's interchange format): `schema_version` "ATIF-v1.x" and `steps`. */
export function isAtif(doc: unknown): boolean {
  return isObject(doc) && str(doc.schema_version).startsWith('ATIF') && Array.isArray(doc.steps);
}

// Tools that change files, by the names agents give them.
const EDIT_TOOL = /(?:^|_)(?:edit|write|create|str_replace|apply_patch|insert|multiedit)/i;

/** A tool call's command, as the session tracker reads it: a shell command's text, else the tool and its arguments. */
function commandOf(name: string, args: Json): string {
  const command = args.command ?? args.cmd ?? args.keystrokes;
  if (typeof command === 'string') return command;
  if (Array.isArray(command)) return command.map(String).join(' ');
  return `${name} ${JSON.stringify(args)}`.slice(0, 2_000);
}

/**
 * Maps an ATIF trajectory (v1.0-1.7) into `log`: user and agent messages, reasoning, each tool call and its
 * observation (matched by `source_call_id`), per-step tokens (`prompt_tokens` counts cached ones, kept
 * apart here) or the final metrics when no step has any, and the model. ATIF records no exit code, so a
 * failure is read from the observation's text, as for SWE-agent.
 */
export function mapAtif(
  doc: Json,
  origin: string,
  endTime: number,
  log: BoundedEntryLog,
  stats: TranscriptStats,
  session: SessionTracker = new SessionTracker(),
): void {
  const agentInfo = isObject(doc.agent) ? doc.agent : {};
  const agent = str(agentInfo.name) || 'agent';
  if (str(agentInfo.name)) stats.agent = str(agentInfo.name);
  if (str(agentInfo.model_name)) stats.model = str(agentInfo.model_name);
  const steps = (doc.steps as unknown[]).filter(isObject);
  let metered = false;
  const add = (at: string, type: AgentLogType, text: string, by: string, detail?: string) => {
    if (!text.trim()) return;
    log.add({ timestamp: at, type, text: boundText(text), agent: by, origin, ...(detail ? { detail } : {}) });
  };
  steps.forEach((step, i) => {
    stats.lines += 1;
    const at = !Number.isNaN(Date.parse(str(step.timestamp)))
      ? new Date(str(step.timestamp)).toISOString()
      : new Date(endTime - (steps.length - 1 - i)).toISOString();
    const source = str(step.source);
    if (source === 'user') return add(at, 'text', str(step.message), 'user');
    if (source !== 'agent') return;
    if (str(step.model_name) && !stats.model) stats.model = str(step.model_name);
    add(at, 'thinking', str(step.reasoning_content), agent);
    add(at, 'text', str(step.message), agent);
    const results = new Map<string, string>();
    const loose: string[] = [];
    for (const r of (isObject(step.observation) && Array.isArray(step.observation.results)
      ? step.observation.results
      : []
    ).filter(isObject)) {
      if (str(r.source_call_id)) results.set(str(r.source_call_id), str(r.content));
      else if (str(r.content)) loose.push(str(r.content));
    }
    for (const call of (Array.isArray(step.tool_calls) ? step.tool_calls : []).filter(isObject)) {
      const name = str(call.function_name) || 'tool';
      const args = isObject(call.arguments) ? call.arguments : {};
      stats.toolCalls += 1;
      session.action(commandOf(name, args), EDIT_TOOL.test(name) ? 'edit' : undefined);
      add(at, 'tool', `${name} ${JSON.stringify(args)}`, agent, name);
      const output = results.get(str(call.tool_call_id));
      if (output === undefined) continue;
      const failed = session.result(output);
      if (failed) stats.toolErrors += 1;
      add(at, failed ? 'tool_error' : 'tool_result', output, agent, name);
    }
    for (const output of loose) add(at, 'tool_result', output, agent);
    const m = isObject(step.metrics) ? step.metrics : null;
    if (m) {
      metered = true;
      const cached = count(m.cached_tokens);
      stats.inputTokens += Math.max(0, count(m.prompt_tokens) - cached);
      stats.cachedTokens += cached;
      stats.outputTokens += count(m.completion_tokens);
    }
  });
  const final = isObject(doc.final_metrics) ? doc.final_metrics : null;
  if (!metered && final) {
    const cached = count(final.total_cached_tokens);
    stats.inputTokens += Math.max(0, count(final.total_prompt_tokens) - cached);
    stats.cachedTokens += cached;
    stats.outputTokens += count(final.total_completion_tokens);
  }
}
