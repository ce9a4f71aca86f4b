import type { JudgeAnswer } from '../judge-answer-schema.js';

/** A valid answer citing `ids`, with the given scores. */
export function validAnswer(ids: readonly string[], scores: [number, number, number] = [80, 70, 90]): JudgeAnswer {
  const cite = ids.length ? [...ids] : ['missing-id'];
  return {
    categories: {
      agentPerformance: {
        score: scores[0],
        rationale: 'The agent finished the work with one recovery.',
        evidence: cite,
      },
      taskOutcomeQuality: { score: scores[1], rationale: 'The change shipped and its checks passed.', evidence: cite },
      processCompliance: { score: scores[2], rationale: 'Review and merge were followed.', evidence: cite },
    },
    overallRationale: 'Solid work overall.',
  };
}

/** Evidence ids as the prompt lists them, in order. */
export function evidenceIdsInPrompt(prompt: string): string[] {
  return [...prompt.matchAll(/^<<<EVIDENCE id=("(?:[^"\\]|\\.)*")/gm)].map((m) => JSON.parse(m[1]!) as string);
}

/** A valid answer that cites the first evidence id in the prompt, as a real judge would. */
export function validAnswerFromPrompt(prompt: string): JudgeAnswer {
  return validAnswer(evidenceIdsInPrompt(prompt).slice(0, 1));
}

/** A broken judge: the same score for every category of every task, citing a real id so it passes validation. */
export function constantAnswerFromPrompt(prompt: string, score = 73): JudgeAnswer {
  return validAnswer(evidenceIdsInPrompt(prompt).slice(0, 1), [score, score, score]);
}

/** What a model writes when any string may be an id: plausible names that are not in the bundle. */
export function freeIdAnswer(): JudgeAnswer {
  return validAnswer(['evidence-1']);
}

/**
 * What grammar-constrained decoding produces from a request: when the answer schema sent (OpenAI's
 * response_format, Anthropic's output_config or a forced tool's input schema) enumerates the evidence ids, one of them; otherwise a free id.
 */
export function schemaConstrainedAnswer(body: Record<string, unknown>): JudgeAnswer {
  const ids = enumeratedIds(body);
  return ids.length ? validAnswer(ids.slice(0, 1)) : freeIdAnswer();
}

function enumeratedIds(body: Record<string, unknown>): string[] {
  const format = body.response_format as { json_schema?: { schema?: unknown } } | undefined;
  const output = body.output_config as { format?: { schema?: unknown } } | undefined;
  const tools = body.tools as { input_schema?: unknown; function?: { parameters?: unknown } }[] | undefined;
  const schema =
    format?.json_schema?.schema ??
    output?.format?.schema ??
    tools?.[0]?.input_schema ??
    tools?.[0]?.function?.parameters;
  const evidence = (schema as { properties?: { categories?: { properties?: Record<string, unknown> } } } | undefined)
    ?.properties?.categories?.properties?.agentPerformance as
    { properties?: { evidence?: { items?: { enum?: unknown } } } } | undefined;
  const values = evidence?.properties?.evidence?.items?.enum;
  return Array.isArray(values) ? values.filter((v): v is string => typeof v === 'string') : [];
}
