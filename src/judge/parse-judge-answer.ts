import { boundJudgeAnswer } from './bound-judge-answer.js';
import { JUDGE_ANSWER_SCHEMA, type JudgeAnswer } from './judge-answer-schema.js';

export type ParsedJudgeAnswer = { ok: true; answer: JudgeAnswer } | { ok: false; error: string };

/**
 * Validates an answer: a structured-output object, or text holding JSON (the whole text, a fenced
 * block, or the outermost `{...}`). Problems come back as a value naming the field; free text is bounded.
 */
export function parseJudgeAnswer(input: unknown): ParsedJudgeAnswer {
  let value: unknown = input;
  if (typeof input === 'string') {
    const json = extractJson(input);
    if (!json.ok) return json;
    value = json.value;
  }
  const parsed = JUDGE_ANSWER_SCHEMA.safeParse(value);
  if (parsed.success) return { ok: true, answer: boundJudgeAnswer(parsed.data) };
  const problems = parsed.error.issues
    .slice(0, 10)
    .map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`);
  return { ok: false, error: `the answer does not match the schema: ${problems.join('; ')}` };
}

type Extracted = { ok: true; value: unknown } | { ok: false; error: string };

function extractJson(text: string): Extracted {
  const candidates: string[] = [text.trim()];
  for (const m of text.matchAll(/```(?:json|JSON)?[ \t]*\r?\n([\s\S]*?)```/g)) candidates.push(m[1]!.trim());
  const first = text.indexOf('{');
  const last = text.lastIndexOf('}');
  if (first !== -1 && last > first) candidates.push(text.slice(first, last + 1));
  for (const candidate of candidates) {
    if (!candidate.startsWith('{')) continue;
    try {
      return { ok: true, value: JSON.parse(candidate) as unknown };
    } catch {
      // try the next candidate
    }
  }
  if (first === -1) return { ok: false, error: 'the answer holds no JSON object' };
  return { ok: false, error: 'the answer is not valid JSON (check for truncation, trailing commas or comments)' };
}
