import { jsonDepth } from '../core/index.js';
import type { JudgeResponse } from './judge.js';

/** Longest answer text read; a valid answer is a few kilobytes, a rambling one is cut field by field (boundJudgeAnswer). */
export const MAX_JUDGE_ANSWER_CHARS = 16_000_000;
/** Deepest answer read; the answer schema nests four levels. */
export const MAX_JUDGE_ANSWER_DEPTH = 32;

/** Why an answer is too big or too deep to read, or null; checked before anything walks it recursively. */
export function oversizedAnswer(response: JudgeResponse): string | null {
  const text = response.text ?? '';
  if (text.length > MAX_JUDGE_ANSWER_CHARS)
    return `${text.length} characters, over the limit of ${MAX_JUDGE_ANSWER_CHARS}`;
  if (
    response.object !== undefined &&
    jsonDepth(response.object, MAX_JUDGE_ANSWER_DEPTH + 1) > MAX_JUDGE_ANSWER_DEPTH
  ) {
    return `nested more than ${MAX_JUDGE_ANSWER_DEPTH} levels deep`;
  }
  // Text answers are parsed later; a bracket run is enough to say it is too deep without parsing.
  if (bracketDepth(text) > MAX_JUDGE_ANSWER_DEPTH) return `nested more than ${MAX_JUDGE_ANSWER_DEPTH} levels deep`;
  return null;
}

/** Deepest run of open brackets outside strings; cheap, one pass. */
function bracketDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) max = Math.max(max, (depth += 1));
    else if (c === 0x7d || c === 0x5d) depth = Math.max(0, depth - 1);
  }
  return max;
}
