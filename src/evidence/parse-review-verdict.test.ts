import { describe, expect, it } from 'vitest';
import { parseReviewVerdict } from './parse-review-verdict.js';

describe('parseReviewVerdict', () => {
  it.each([
    ['Spec review: APPROVE', { type: 'spec', step: null, verdict: 'APPROVE' }],
    ['Spec review: REVISE', { type: 'spec', step: null, verdict: 'REVISE' }],
    ['plan review Step 1: RETHINK', { type: 'plan', step: 1, verdict: 'RETHINK' }],
    ['plan review Step 2: RETHINK', { type: 'plan', step: 2, verdict: 'RETHINK' }],
    ['code review Step 3: REVISE', { type: 'code', step: 3, verdict: 'REVISE' }],
    ['Code Review step 12: approve', { type: 'code', step: 12, verdict: 'APPROVE' }],
    ['  SPEC REVIEW:REVISE', { type: 'spec', step: null, verdict: 'REVISE' }],
    ['security review Step 0: APPROVE', { type: 'security', step: 0, verdict: 'APPROVE' }],
    ['plan review Step 4: REVISE (two findings)', { type: 'plan', step: 4, verdict: 'REVISE' }],
  ])('reads %j as a verdict', (action, expected) => {
    expect(parseReviewVerdict(action)).toEqual(expected);
  });

  it.each([
    'Spec review requested',
    'plan review requested for Step 1 (Rename Types in Core Package)',
    'Spec review not approved (verdict was REVISE) — specification not approved',
    'RETHINK: Step 1 plan rewound — session checkpoint N/A',
    'Step 1 (Update Dashboard UI Components and API) → pending',
    'Task marked done by agent',
    'Spec review: APPROVED',
    'Spec review: pending',
    'Reviewed the spec: APPROVE',
    'Spec review',
    '',
  ])('does not read %j as a verdict', (action) => {
    expect(parseReviewVerdict(action)).toBeNull();
  });
});
