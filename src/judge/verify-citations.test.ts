import { describe, expect, it } from 'vitest';
import { sampleBundle, validAnswer } from './testing/index.js';
import { verifyCitations } from './verify-citations.js';

const bundle = sampleBundle();

describe('verifyCitations', () => {
  it('keeps an answer whose ids all exist', () => {
    const answer = validAnswer(['commit-abc123', 'workflow-tests']);
    expect(verifyCitations(answer, bundle)).toEqual({ answer, citationIssues: [], emptyCategories: [] });
  });

  it('removes invented ids and lists them per category', () => {
    const answer = validAnswer(['commit-abc123', 'commit-invented']);
    const result = verifyCitations(answer, bundle);
    expect(result.answer.categories.agentPerformance.evidence).toEqual(['commit-abc123']);
    expect(result.citationIssues).toEqual([
      { category: 'agentPerformance', id: 'commit-invented', problem: 'unknown_id' },
      { category: 'taskOutcomeQuality', id: 'commit-invented', problem: 'unknown_id' },
      { category: 'processCompliance', id: 'commit-invented', problem: 'unknown_id' },
    ]);
    expect(result.emptyCategories).toEqual([]);
  });

  it('reports a category left with no valid citation', () => {
    const answer = validAnswer(['commit-abc123']);
    answer.categories.processCompliance.evidence = ['nope-1'];
    const result = verifyCitations(answer, bundle);
    expect(result.emptyCategories).toEqual(['processCompliance']);
    expect(result.answer.categories.processCompliance.evidence).toEqual([]);
  });

  it('folds duplicate ids and checks follow-up references', () => {
    const answer = {
      ...validAnswer(['workflow-tests', 'workflow-tests']),
      followUpDrafts: [{ title: 't', description: 'd', reason: 'r', evidenceRefs: ['ghost', 'task-FN-1'] }],
    };
    const result = verifyCitations(answer, bundle);
    expect(result.answer.categories.agentPerformance.evidence).toEqual(['workflow-tests']);
    expect(result.answer.followUpDrafts?.[0]?.evidenceRefs).toEqual(['task-FN-1']);
    expect(result.citationIssues).toEqual([{ category: 'followUpDrafts', id: 'ghost', problem: 'unknown_id' }]);
  });

  it('does not change the answer it was given', () => {
    const answer = validAnswer(['ghost', 'commit-abc123']);
    verifyCitations(answer, bundle);
    expect(answer.categories.agentPerformance.evidence).toEqual(['ghost', 'commit-abc123']);
  });
});
