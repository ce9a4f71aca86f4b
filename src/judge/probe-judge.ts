import { ConfigError, JudgeError, redactUrl } from '../core/index.js';
import { API_KEY_VARIABLES } from './create-judge.js';
import { JudgeCallError } from './judge-call-error.js';
import type { JudgeSpec } from './judge-config.js';
import type { Judge } from './judge.js';

/** What one probe found: the judge answers, how fast, and what it said of itself. */
export interface JudgeProbe {
  provider: string;
  model: string;
  elapsedMs: number;
  /** The model's context: the spec's, else what the server said (or Ollama's assumed default); null when unknown. */
  contextTokens: number | null;
  /** Where that figure came from: "configured", the server's field, or why it is assumed. */
  contextSource: string | null;
}

/** The probe's system prompt: a server (or a test's fake) tells the probe from a task by it. */
export const PROBE_SYSTEM_PROMPT = 'You are checking that you can be reached.';

/** Longest a probe waits: enough for a local server to load its model, short of a run's per-call timeout. */
const PROBE_TIMEOUT_MS = 60_000;

/**
 * One tiny call before the first task (and `doctor --judge`): checks the address, the key and the model the way
 * every task will be asked, so a wrong one is one clear error naming the flag or variable, not a failure per task.
 * A server that answers at all (even 429 or 5xx) passes: it is there, and the run's backoff handles the rest.
 */
export async function probeJudge(
  judge: Judge,
  spec: Pick<JudgeSpec, 'provider' | 'baseUrl' | 'timeoutMs' | 'contextTokens'>,
  options: { signal?: AbortSignal; now?: () => number } = {},
): Promise<JudgeProbe> {
  const now = options.now ?? Date.now;
  const started = now();
  try {
    await judge.complete({
      system: PROBE_SYSTEM_PROMPT,
      prompt: 'Answer with the JSON object {"ok": true}.',
      schema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      maxTokens: 16,
      timeoutMs: Math.min(spec.timeoutMs, PROBE_TIMEOUT_MS),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    const failure = error instanceof JudgeCallError ? probeFailure(error, judge, spec) : error;
    if (failure) throw failure;
  }
  const elapsedMs = now() - started;
  const context =
    spec.contextTokens !== undefined
      ? { contextTokens: spec.contextTokens, source: 'configured' }
      : ((await judge.modelContext?.(options.signal)) ?? { contextTokens: null, source: null });
  return {
    provider: judge.provider,
    model: judge.modelId,
    elapsedMs,
    contextTokens: context.contextTokens,
    contextSource: context.source,
  };
}

/** The error a failed probe stops on, or null when the server answered (any other status: it is there). */
function probeFailure(
  error: JudgeCallError,
  judge: Judge,
  spec: Pick<JudgeSpec, 'provider' | 'baseUrl'>,
): Error | null {
  const where = spec.baseUrl ? ` at ${redactUrl(spec.baseUrl)}` : '';
  const what = `the ${judge.provider} judge${where}`;
  if (spec.provider === 'command') {
    return new ConfigError('judge_config', `the judge command failed on a test prompt: ${error.message}`, {
      field: '--judge-command',
      hint: 'Run the command by hand with a prompt on stdin; it must print one JSON answer (taskeval schema judge-answer).',
    });
  }
  const keyVariable = API_KEY_VARIABLES[spec.provider];
  if (error.status === 401 || error.status === 403) {
    return new ConfigError('judge_config', `${what} refused the API key (HTTP ${error.status})`, {
      field: keyVariable,
      hint: `Set ${keyVariable} (or TASKEVAL_JUDGE_API_KEY) to a key this server accepts.`,
    });
  }
  if (error.status === 404) {
    return new ConfigError(
      'judge_config',
      `${what} answered HTTP 404: it does not serve the model "${judge.modelId}", or the base URL is not the API's root`,
      {
        field: '--judge-model',
        hint: 'Check --judge-model against the models the server lists, and that --judge-base-url ends where /chat/completions would follow (often /v1).',
      },
    );
  }
  if (error.status !== undefined && error.status !== 408) return null;
  return new JudgeError('judge_failed', `${what} could not be reached: ${error.message}`, {
    field: spec.baseUrl ? '--judge-base-url' : '--judge',
    hint: spec.baseUrl
      ? 'Start the server, or correct --judge-base-url; `taskeval doctor --judge` checks it without scoring anything.'
      : 'Check the network and the provider status; `taskeval doctor --judge` checks it without scoring anything.',
  });
}
