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
