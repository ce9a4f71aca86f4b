import type { SessionTracker } from './session-tracker.js';
import type { TranscriptStats } from './transcript-types.js';
import { addUsage, isObject, num, observation, str, timestampOf, type Draft, type Json } from './trajectory-drafts.js';

// OpenHands actions that change files, and those that run something.
const OPENHANDS_EDITS = new Set(['edit', 'write']);
const OPENHANDS_RUNS = new Set(['run', 'run_ipython', 'browse', 'browse_interactive', 'edit', 'write', 'read']);

/**
 * One OpenHands event: an action (`run`, `edit`, … with `args`) is a tool call, its observation (`content`,
 * with `extras.metadata.exit_code` or the older `extras.exit_code`) the result; agent messages are text.
 */
export function openHandsDrafts(event: Json, stats: TranscriptStats, session: SessionTracker): Draft[] {
  stats.lines += 1;
  const at = timestampOf(event.timestamp);
  const withTime = (d: Draft): Draft => (at ? { ...d, at } : d);
  const args = isObject(event.args) ? event.args : {};
  const action = str(event.action);
  if (action) {
    if (action === 'message')
      return str(args.content).trim() || str(event.message).trim()
        ? [
            withTime({
              type: 'text',
              text: str(args.content) || str(event.message),
              agent: str(event.source) === 'user' ? 'user' : 'openhands',
            }),
          ]
        : [];
    if (action === 'finish') {
      session.exit('submitted');
      return [
        withTime({
          type: 'text',
          text: str(args.final_thought) || str(event.message) || 'finished',
          agent: 'openhands',
          detail: 'finish',
        }),
      ];
    }
    if (!OPENHANDS_RUNS.has(action)) return [];
    const command = str(args.command) || str(args.code) || `${action} ${str(args.path)}`.trim();
    stats.toolCalls += 1;
    session.action(command, OPENHANDS_EDITS.has(action) ? 'edit' : undefined);
    return [withTime({ type: 'tool', text: command, agent: 'openhands', detail: action })];
  }
  const kind = str(event.observation);
  if (!kind || kind === 'null' || kind === 'agent_state_changed' || kind === 'recall') return [];
  const extras = isObject(event.extras) ? event.extras : {};
  const metadata = isObject(extras.metadata) ? extras.metadata : {};
  const code =
    typeof metadata.exit_code === 'number'
      ? metadata.exit_code
      : typeof extras.exit_code === 'number'
        ? extras.exit_code
        : kind === 'error'
          ? 1
          : undefined;
  // The editor refuses an edit in words ("ERROR:\nNo replacement was performed, ..."): a failed command and a refused edit.
  const refused = kind === 'edit' && /^ERROR:/.test(str(event.content));
  if (refused) session.refusedEdit();
  return [
    withTime(
      observation(str(event.content), refused ? 1 : code === -1 ? undefined : code, 'openhands', stats, session),
    ),
  ];
}

/**
 * What an OpenHands evaluation record says beside its events: the model (`metadata.llm_config.model`), the
 * tokens when no event carried them (`metrics.accumulated_token_usage`), the patch it submitted
 * (`test_result.git_patch`, empty included) and the error that ended it (the iteration limit, say).
 */
export function openHandsRecord(
  record: Json,
  stats: TranscriptStats,
  session: SessionTracker,
  metered: boolean,
): Draft[] {
  const metadata = isObject(record.metadata) ? record.metadata : {};
  const llm = isObject(metadata.llm_config) ? metadata.llm_config : {};
  if (str(llm.model)) stats.model ??= str(llm.model).replace(/^(?:openai|litellm_proxy)\//, '');
  const metrics = isObject(record.metrics) ? record.metrics : {};
  const usage = isObject(metrics.accumulated_token_usage) ? metrics.accumulated_token_usage : null;
  if (!metered && usage) {
    const cached = num(usage.cache_read_tokens);
    stats.inputTokens += Math.max(0, num(usage.prompt_tokens) - cached);
    stats.cachedTokens += cached;
    stats.outputTokens += num(usage.completion_tokens);
  }
  const result = isObject(record.test_result) ? record.test_result : {};
  if (typeof result.git_patch === 'string') session.submission(result.git_patch);
  const error = str(record.error);
  if (!error) return [];
  session.exit(`error: ${error.slice(0, 200)}`);
  stats.exitStatus = `error: ${error.slice(0, 200)}`;
  return [{ type: 'text', text: `error: ${error}`, agent: 'openhands', detail: 'error' }];
}

/**
 * OpenHands keeps the model's reply on each event of a tool call (`tool_call_metadata.model_response`):
 * the action and its observation carry the same one, so each reply is counted once, by its id.
 */
export function countOpenHandsUsage(event: Json, seen: Set<string>, stats: TranscriptStats): void {
  const metadata = isObject(event.tool_call_metadata) ? event.tool_call_metadata : {};
  const response = isObject(metadata.model_response) ? metadata.model_response : null;
  if (!response) return;
  if (str(response.model)) stats.model ??= str(response.model);
  const id = str(response.id);
  if (id) {
    if (seen.has(id)) return;
    seen.add(id);
  }
  addUsage(isObject(response.usage) ? response.usage : null, stats);
}
