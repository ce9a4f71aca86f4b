import { jsonDepth, TaskevalError } from '../core/index.js';
import type { Judge, JudgeResponse } from './judge.js';
import { MAX_JUDGE_ANSWER_DEPTH } from './oversized-answer.js';
import { redactSecrets } from './redact-secrets.js';

/**
 * A judge whose answers and errors carry none of `secrets` (in any echoed form) and no URL password:
 * whatever a server sends back is stored as rationale, raw answer or error reason.
 */
export function redactJudge(judge: Judge, secrets: () => readonly (string | undefined)[]): Judge {
  return {
    ...judge,
    complete: async (request) => {
      try {
        return redactResponse(await judge.complete(request), secrets());
      } catch (error) {
        if (error instanceof TaskevalError) {
          error.message = redactSecrets(error.message, secrets());
          if (error.hint) (error as { hint: string | undefined }).hint = redactSecrets(error.hint, secrets());
        }
        throw error;
      }
    },
  };
}

function redactResponse(response: JudgeResponse, secrets: readonly (string | undefined)[]): JudgeResponse {
  const clean = (text: string) => redactSecrets(text, secrets);
  const out: JudgeResponse = { ...response, text: clean(response.text ?? '') };
  // Too deep to walk safely: the answer is refused upstream and only its (redacted) text is kept.
  if (response.object !== undefined && jsonDepth(response.object, MAX_JUDGE_ANSWER_DEPTH + 1) <= MAX_JUDGE_ANSWER_DEPTH)
    out.object = redactValue(response.object, clean);
  return out;
}

function redactValue(value: unknown, clean: (text: string) => string): unknown {
  if (typeof value === 'string') return clean(value);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, clean));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactValue(v, clean)]));
  return value;
}
