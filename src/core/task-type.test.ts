import { describe, expect, it } from 'vitest';
import { taskType } from './task-type.js';

describe('taskType', () => {
  it.each([
    ['feat(api): add retries', {}, undefined, 'feature'],
    ['fix: handle empty config', {}, undefined, 'fix'],
    ['chore(deps): bump vitest from 3.1 to 3.2', {}, undefined, 'dependencies'],
    ['docs: explain the windows', {}, undefined, 'docs'],
    ['refactor!: split the store', {}, undefined, 'refactor'],
    ['ci: cache the store', {}, undefined, 'ci'],
    ['chore: release 1.2', {}, undefined, 'other'],
    ['Improve the uploader', { 'label.bug': 'yes' }, undefined, 'fix'],
    ['Improve the uploader', { 'label.documentation': 'yes' }, undefined, 'docs'],
    ['Improve the uploader', {}, 'fix/uploader-crash', 'fix'],
    ['Bump lodash from 4.17.20 to 4.17.21', {}, 'dependabot/npm_and_yarn/lodash-4.17.21', 'dependencies'],
    ['Fix crash when the config is empty', {}, 'copilot/fix-12', 'fix'],
    ['Add a dark mode toggle', {}, 'copilot/fix-13', 'feature'],
    ['Add unit tests for the parser', {}, undefined, 'test'],
    ['Initial plan', {}, 'copilot/fix-14', 'other'],
  ] as const)('%s → %s', (title, labels, branch, expected) => {
    expect(taskType({ title, labels: { ...labels }, ...(branch ? { branch } : {}) })).toBe(expected);
  });
});
