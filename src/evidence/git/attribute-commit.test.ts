import { describe, expect, it } from 'vitest';
import { attributeCommit, type AttributionRules } from './attribute-commit.js';
import { compileIdMatcher } from './compile-id-matcher.js';

const rules: AttributionRules = { trailerKeys: new Set(['fusion-task-id', 'task-id']), ids: compileIdMatcher() };

describe('attributeCommit', () => {
  it('lets a trailer win over the subject', () => {
    const a = attributeCommit('fix(FN-1): follow-up', 'Fusion-Task-Id: FN-9', rules);
    expect(a.owners).toEqual(['FN-9']);
    expect(a.ownerKind).toBe('trailer');
    expect(a.mentions).toEqual(['FN-9', 'FN-1']);
    expect(a.isFix).toBe(true);
  });

  it('lets the scope win over other ids in the subject', () => {
    expect(attributeCommit('feat(FN-2,FN-3): like FN-1', '', rules).owners).toEqual(['FN-2', 'FN-3']);
  });

  it('attributes a subject that only mentions ids to each, word-bounded', () => {
    expect(attributeCommit('Merge FN-4 and FN-5 (not XFN-6x)', '', rules).owners).toEqual(['FN-4', 'FN-5']);
  });

  it('treats revert(ID) and git revert subjects as reverts of the named task, not its work', () => {
    const named = attributeCommit('revert(FN-7): back out', 'Fusion-Task-Id: FN-8', rules);
    expect(named).toMatchObject({ isRevert: true, revertIds: ['FN-7'], owners: ['FN-8'] });
    const git = attributeCommit('Revert "feat(FN-7): add"', 'This reverts commit ABCDEF1234567.', rules);
    expect(git).toMatchObject({ isRevert: true, revertIds: ['FN-7'], owners: [], revertedShas: ['abcdef1234567'] });
  });
});
