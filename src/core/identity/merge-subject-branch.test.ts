import { describe, expect, it } from 'vitest';
import { mergeSubjectBranch } from './merge-subject-branch.js';

describe('mergeSubjectBranch', () => {
  it('reads the branch of pull-request, branch and remote-tracking merges', () => {
    // The first is a real merge subject of steveyegge/beads (MIT).
    expect(mergeSubjectBranch('Merge pull request #4172 from maphew/codex/mybd-7ma-gfp-lock')).toBe(
      'codex/mybd-7ma-gfp-lock',
    );
    expect(mergeSubjectBranch("Merge branch 'claude/issue-9' into main")).toBe('claude/issue-9');
    expect(mergeSubjectBranch("Merge remote-tracking branch 'origin/copilot/fix-12'")).toBe('copilot/fix-12');
    expect(mergeSubjectBranch('feat: merge pull request handling')).toBeNull();
  });
});
