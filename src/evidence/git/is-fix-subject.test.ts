import { describe, expect, it } from 'vitest';
import { fixSubjectMatcher, isFixSubject } from './is-fix-subject.js';

describe('isFixSubject', () => {
  it.each([
    'fix: x',
    'fix(FN-1): x',
    'fix!: x',
    'Fix crash on start',
    'fixes #12',
    'Fixed typo in parser',
    'hotfix: prod',
    'bugfix(api): y',
    '[core] fix race',
  ])('takes %j as a fix', (s) => {
    expect(isFixSubject(s)).toBe(true);
  });
  it.each([
    'feat: fixture loader',
    'prefix: x',
    'refactor: fix-up names',
    'Merge branch fix/x',
    'fixture: data',
    'docs: how to fix',
  ])('does not take %j', (s) => {
    expect(isFixSubject(s)).toBe(false);
  });
});

describe('fixSubjectMatcher', () => {
  it('by default also finds a task id before the word and an issue a subject says it fixes', () => {
    const isFix = fixSubjectMatcher();
    for (const s of [
      'fix: x',
      'BACK-12 - Fix the parser',
      'FN-3: fix cache',
      '#41 fix typo',
      'Handle empty input (fixes #12)',
      'Resolves org/repo#9 crash',
    ])
      expect(isFix(s), s).toBe(true);
    for (const s of ['feat: prefix handling', 'docs: fixtures', 'BACK-12 - Add fixtures', 'Refactor #12'])
      expect(isFix(s), s).toBe(false);
  });

  it('takes a configured pattern instead, case-insensitive', () => {
    expect(fixSubjectMatcher('^bug:')('BUG: crash')).toBe(true);
    expect(fixSubjectMatcher('^bug:')('fix: crash')).toBe(false);
  });
});
