import { describe, expect, it } from 'vitest';
import { isFixSubject } from './is-fix-subject.js';

describe('isFixSubject', () => {
  it.each(['fix: x', 'fix(FN-1): x', 'fix!: x', 'Fix crash on start', 'fixes #12', 'Fixed typo in parser', 'hotfix: prod', 'bugfix(api): y', '[core] fix race'])('takes %j as a fix', (s) => {
    expect(isFixSubject(s)).toBe(true);
  });
  it.each(['feat: fixture loader', 'prefix: x', 'refactor: fix-up names', 'Merge branch fix/x', 'fixture: data', 'docs: how to fix'])('does not take %j', (s) => {
    expect(isFixSubject(s)).toBe(false);
  });
});
