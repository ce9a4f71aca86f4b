import type { AgentLogEntry } from '../../core/index.js';
import { boundText, type BoundedEntryLog } from './bounded-entry-log.js';
import { SessionTracker } from './session-tracker.js';
import { isAtif } from './map-atif.js';
import type { TranscriptFormat, TranscriptStats } from './transcript-types.js';
import { countOpenHandsUsage, openHandsDrafts, openHandsRecord } from './map-openhands-events.js';
import {
  addUsage,
  contentText,
  isObject,
  num,
  observation,
  str,
  timestampOf,
  type Draft,
  type Json,
} from './trajectory-drafts.js';

/** Which trajectory a parsed JSON document is, or null when it is neither. */
export function trajectoryFormat(doc: unknown): TranscriptFormat | null {
  // OpenHands (`save_trajectory_path`) writes the event list itself: actions and observations.
  if (Array.isArray(doc))
    return doc.some((e) => isObject(e) && ('action' in e || 'observation' in e)) ? 'openhands' : null;
  if (!isObject(doc)) return null;
  if (isAtif(doc)) return 'atif';
  // OpenHands' evaluation output (output.jsonl's records, the trajectories SWE-bench runs publish).
  if (Array.isArray(doc.history) && (typeof doc.instance_id === 'string' || isObject(doc.test_result)))
    return 'openhands';
  if (Array.isArray(doc.trajectory)) return 'swe-agent';
  // OpenHands' completion log (`log_completions`): the last model call's whole conversation and its reply.
  if (Array.isArray(doc.fncall_messages) || (Array.isArray(doc.messages) && isObject(doc.response) && 'kwargs' in doc))
    return 'openhands';
  if (Array.isArray(doc.messages)) return 'mini-swe-agent';
  return null;
}

/**
 * Maps a SWE-agent (`trajectory: [{thought, action, observation}]`) or mini-swe-agent (`messages: [...]`)
 * document into `log`. Steps carry no clock, so entries get `endTime` minus one millisecond per later
 * entry: the order is kept and the last entry is stamped when the file was written.
 */
export function mapTrajectory(
  doc: Json | unknown[],
  format: TranscriptFormat,
  origin: string,
  endTime: number,
  log: BoundedEntryLog,
  stats: TranscriptStats,
  session: SessionTracker = new SessionTracker(),
): void {
  const drafts: Draft[] = [];
  const agent = format === 'swe-agent' ? 'swe-agent' : format === 'openhands' ? 'openhands' : 'mini-swe-agent';
  if (Array.isArray(doc) || (format === 'openhands' && Array.isArray((doc as Json).history))) {
    const record = Array.isArray(doc) ? null : (doc as Json);
    // An evaluation record's history is the event list; older records keep [action, observation] pairs.
    const events = (record ? (record.history as unknown[]) : (doc as unknown[])).flatMap((e) =>
      Array.isArray(e) ? e : [e],
    );
    const responses = new Set<string>();
    for (const event of events) {
      if (!isObject(event)) continue;
      countOpenHandsUsage(event, responses, stats);
      drafts.push(...openHandsDrafts(event, stats, session));
    }
    if (record) drafts.push(...openHandsRecord(record, stats, session, responses.size > 0));
    doc = {};
  } else if (format === 'swe-agent') {
    for (const step of (doc as Json).trajectory as unknown[]) {
      if (!isObject(step)) continue;
      stats.lines += 1;
      const thought = str(step.thought) || str(step.response);
      if (thought.trim()) drafts.push({ type: 'text', text: thought, agent });
      if (str(step.action).trim()) {
        stats.toolCalls += 1;
        session.action(str(step.action));
        drafts.push({ type: 'tool', text: str(step.action), agent });
      }
      if (typeof step.observation === 'string') {
        const code = returnCode(step.observation, step);
        drafts.push(observation(step.observation, code, agent, stats, session));
      }
    }
  } else {
    const messages =
      format === 'openhands' ? completionLogMessages(doc as Json) : ((doc as Json).messages as unknown[]);
    const editorCalls = new Map<string, string>();
    for (const message of messages) {
      if (!isObject(message)) continue;
      stats.lines += 1;
      countUsage(message, stats);
      drafts.push(...messageDrafts(message, agent, stats, session, editorCalls));
    }
    // The log is of the last model call: a reply without `finish` was not followed by another, so the agent was
    // stopped (its iteration limit, a budget, an error) before it handed the work over.
    if (format === 'openhands' && !drafts.some((d) => d.detail === 'finish')) {
      session.exit('exit_no_finish');
      stats.exitStatus = 'exit_no_finish';
      drafts.push({ type: 'text', text: 'exit status: exit_no_finish', agent, detail: 'exit_status' });
    }
    if (format === 'openhands') {
      const model = completionLogModel(origin);
      if (model) stats.model ??= model;
    }
  }
  const info = isObject((doc as Json).info) ? ((doc as Json).info as Json) : {};
  const modelStats = isObject(info.model_stats) ? info.model_stats : {};
  stats.inputTokens += num(modelStats.tokens_sent);
  stats.outputTokens += num(modelStats.tokens_received);
  if (format === 'swe-agent') {
    const model = sweAgentModel((doc as Json).replay_config);
    if (model) stats.model ??= model;
  }
  // An empty submission is one too: the agent handed over no change.
  if (typeof info.submission === 'string') session.submission(info.submission);
  if (typeof info.exit_status === 'string' && info.exit_status) {
    session.exit(info.exit_status);
    stats.exitStatus = info.exit_status;
    drafts.push({ type: 'text', text: `exit status: ${info.exit_status}`, agent, detail: 'exit_status' });
  }
  drafts.forEach((d, i) => {
    const timestamp = d.at ?? new Date(endTime - (drafts.length - 1 - i)).toISOString();
    const entry: AgentLogEntry = { timestamp, type: d.type, text: boundText(d.text), agent: d.agent, origin };
    if (d.detail) entry.detail = d.detail;
    log.add(entry);
  });
}

/**
 * The conversation of an OpenHands completion log: the messages with native tool calls when it kept them
 * (`fncall_messages`), then the reply to the last call (`fncall_response`), where `finish` is called.
 */
function completionLogMessages(doc: Json): unknown[] {
  const messages = Array.isArray(doc.fncall_messages) ? doc.fncall_messages : (doc.messages as unknown[]);
  const response = isObject(doc.fncall_response) ? doc.fncall_response : isObject(doc.response) ? doc.response : {};
  const choice = Array.isArray(response.choices) && isObject(response.choices[0]) ? response.choices[0] : {};
  return isObject(choice.message) ? [...messages, { role: 'assistant', ...choice.message }] : messages;
}

/**
 * The model of an OpenHands completion log, which the log itself leaves out (its reply's `model` is null): the
 * file is named `<model>-<unix time>.json`, with the model's slashes written `__`.
 */
function completionLogModel(path: string): string | null {
  const name = path.split(/[\\/]/).pop() ?? '';
  const model = /^(.+)-\d{9,}(?:\.\d+)?(?:\.traj)?\.json$/.exec(name)?.[1];
  return model ? model.replaceAll('__', '/').replace(/^(?:openai|litellm_proxy)\//, '') : null;
}

/** File editor tools (OpenHands' and SWE-agent's `str_replace_editor`): the sub-commands that change a file. */
const EDITOR_TOOLS = new Set(['str_replace_editor', 'edit_file']);
const EDITOR_CHANGES = new Set(['create', 'str_replace', 'insert', 'undo_edit', 'write']);

/** A tool call as a step: an editor's sub-command and path (`str_replace src/a.py`), else its shell command. */
function toolCallStep(name: string, args: Json): { command: string; kind?: 'edit' | 'other' } {
  if (!EDITOR_TOOLS.has(name)) return { command: typeof args.command === 'string' ? args.command : name };
  const sub = str(args.command);
  return { command: `${sub || name} ${str(args.path)}`.trim(), kind: EDITOR_CHANGES.has(sub) ? 'edit' : 'other' };
}

function messageDrafts(
  message: Json,
  agent: string,
  stats: TranscriptStats,
  session: SessionTracker,
  editorCalls: Map<string, string> = new Map(),
): Draft[] {
  const role = str(message.role);
  const text = contentText(message.content);
  const extra = isObject(message.extra) ? message.extra : {};
  const at = timestampOf(extra.timestamp ?? message.timestamp);
  const withTime = (d: Draft): Draft => (at ? { ...d, at } : d);
  if (role === 'system') return [];
  if (role === 'tool' || (role === 'user' && returnCode(text, extra) !== undefined)) {
    // The editor refuses a change in words ("ERROR:\nNo replacement was performed, ..."): a failed command and a refused edit.
    const refused = EDITOR_CHANGES.has(editorCalls.get(str(message.tool_call_id)) ?? '') && /^ERROR:/.test(text);
    if (refused) session.refusedEdit();
    return [withTime(observation(text, refused ? 1 : returnCode(text, extra), agent, stats, session))];
  }
  if (role === 'user') return text.trim() ? [withTime({ type: 'text', text, agent: 'user' })] : [];
  if (role !== 'assistant') return [];
  const drafts: Draft[] = [];
  if (text.trim()) drafts.push(withTime({ type: 'text', text, agent }));
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  for (const call of calls) {
    const fn = isObject(call) && isObject(call.function) ? call.function : {};
    const name = str(fn.name);
    const args = argumentsOf(str(fn.arguments));
    if (name === 'finish') {
      // OpenHands' way of handing the work over: the end of the session, not a step.
      session.exit('submitted');
      drafts.push(withTime({ type: 'text', text: str(args.message) || 'finished', agent, detail: 'finish' }));
      continue;
    }
    stats.toolCalls += 1;
    const step = toolCallStep(name, args);
    if (EDITOR_TOOLS.has(name) && isObject(call) && str(call.id)) editorCalls.set(str(call.id), str(args.command));
    session.action(step.command || name, step.kind);
    drafts.push(
      withTime({
        type: 'tool',
        text: `${str(fn.name) || 'tool'} ${str(fn.arguments)}`.trim(),
        agent,
        detail: str(fn.name) || undefined,
      }),
    );
  }
  // Without tool calling, mini-swe-agent's action is the one ```bash block of the reply.
  const action = calls.length === 0 ? /```(?:bash|sh)?\s*\n([\s\S]*?)```/.exec(text)?.[1] : undefined;
  if (action?.trim()) {
    stats.toolCalls += 1;
    session.action(action.trim());
    drafts.push(withTime({ type: 'tool', text: action.trim(), agent, detail: 'bash' }));
  }
  return drafts;
}

/** A tool call's JSON arguments (`{"command": "pytest -q"}`), else {}. */
function argumentsOf(args: string): Json {
  try {
    const parsed: unknown = JSON.parse(args);
    return isObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

function returnCode(text: string, extra: Json): number | undefined {
  if (typeof extra.returncode === 'number') return extra.returncode;
  const match = /<returncode>\s*(-?\d+)\s*<\/returncode>/.exec(text.slice(0, 200));
  if (match) return Number(match[1]);
  // OpenHands ends a shell command's output with its exit code.
  const openHands = /\[Command finished with exit code (-?\d+)\]\s*$/.exec(text.slice(-200));
  return openHands ? Number(openHands[1]) : undefined;
}

function countUsage(message: Json, stats: TranscriptStats): void {
  const extra = isObject(message.extra) ? message.extra : {};
  const response = isObject(extra.response) ? extra.response : {};
  if (str(response.model)) stats.model ??= str(response.model);
  addUsage(isObject(response.usage) ? response.usage : isObject(message.usage) ? message.usage : null, stats);
}

/** SWE-agent's `replay_config` (an object, or the JSON text of one): `agent.model.name`. */
function sweAgentModel(config: unknown): string | null {
  let value = config;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  const agent = isObject(value) && isObject(value.agent) ? value.agent : {};
  const model = isObject(agent.model) ? agent.model : {};
  return str(model.name) || str(model.model_name) || null;
}
