import { JudgeCallError } from '../judge-call-error.js';
import type { Judge, JudgeRequest, JudgeResponse } from '../judge.js';

/** One scripted step: an answer (object or text) or a transport failure. */
export type ScriptedStep =
  | { answer: unknown; usage?: JudgeResponse['usage'] }
  | { fail: JudgeCallError }
  | ((request: JudgeRequest) => JudgeResponse | Promise<JudgeResponse>);

/** A judge that plays back steps in order (the last repeats) and records every request. */
export function createScriptedJudge(
  steps: ScriptedStep[],
  over: Partial<Pick<Judge, 'provider' | 'modelId' | 'supportsStructuredOutput'>> = {},
): Judge & { requests: JudgeRequest[] } {
  const requests: JudgeRequest[] = [];
  return {
    specificationVersion: 'v1',
    provider: over.provider ?? 'scripted',
    modelId: over.modelId ?? 'scripted-1',
    supportsStructuredOutput: over.supportsStructuredOutput ?? false,
    requests,
    async complete(request) {
      requests.push(request);
      const step = steps[Math.min(requests.length - 1, steps.length - 1)];
      if (step === undefined) throw new Error('scripted judge has no steps');
      if (typeof step === 'function') return step(request);
      if ('fail' in step) throw step.fail;
      const text = typeof step.answer === 'string' ? step.answer : JSON.stringify(step.answer);
      return { text, usage: step.usage ?? { inputTokens: 1000, outputTokens: 100, cachedTokens: 0 } };
    },
  };
}
