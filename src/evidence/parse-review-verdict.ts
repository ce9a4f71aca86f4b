import type { ReviewVerdict } from '../core/index.js';

/** A review verdict read from one log action. */
export interface ParsedReviewVerdict {
  /** Lowercased review type: 'spec', 'plan', 'code', or another single word. */
  type: string;
  /** Fusion's step number, or null for reviews of the whole task (spec reviews). */
  step: number | null;
  verdict: ReviewVerdict;
}

// `<type> review[ Step N]: VERDICT`, anchored so requests ("Spec review requested") and follow-ups
// ("Spec review not approved (verdict was REVISE)", "RETHINK: Step 1 plan rewound") never match.
const VERDICT_ACTION = /^\s*([a-z][a-z0-9_-]*)\s+review(?:\s+step\s+(\d+))?\s*:\s*(approve|revise|rethink)\b(?![-\w])/i;

/** Parses a Fusion log action such as `plan review Step 2: RETHINK`; anything that is not a verdict gives null. */
export function parseReviewVerdict(action: string): ParsedReviewVerdict | null {
  const match = VERDICT_ACTION.exec(action);
  if (!match) return null;
  const [, type, step, verdict] = match;
  return {
    type: type!.toLowerCase(),
    step: step === undefined ? null : Number.parseInt(step, 10),
    verdict: verdict!.toUpperCase() as ReviewVerdict,
  };
}
