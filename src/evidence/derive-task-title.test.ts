import { describe, expect, it } from 'vitest';
import { deriveTaskTitle } from './derive-task-title.js';

describe('deriveTaskTitle', () => {
  it('uses the task title when there is one', () => {
    expect(
      deriveTaskTitle({ id: 'KB-1', title: 'Given title', prompt: '# Task: KB-1 - Prompt title', description: 'd' }),
    ).toBe('Given title');
  });

  it('reads the title from a "# Task: KB-341 - Title" first line of the prompt', () => {
    expect(
      deriveTaskTitle({
        id: 'KB-341',
        prompt: '# Task: KB-341 - Unify Task Comments\n\nbody',
        description: 'we need one type',
      }),
    ).toBe('Unify Task Comments');
    expect(deriveTaskTitle({ id: 'FN-2', prompt: '# FN-2: Persist settings\n', description: 'x' })).toBe(
      'Persist settings',
    );
  });

  it('ignores a first heading that is not a task heading and falls back to the description', () => {
    expect(deriveTaskTitle({ id: 'FN-3', prompt: '# Fix - later\nbody', description: 'Settings are lost\nmore' })).toBe(
      'Settings are lost',
    );
    expect(deriveTaskTitle({ id: 'FN-3', prompt: '# Overview', description: 'Settings are lost' })).toBe(
      'Settings are lost',
    );
  });

  it('bounds a description line to 120 characters', () => {
    const title = deriveTaskTitle({ id: 'FN-4', description: 'word '.repeat(60) });
    expect(title.length).toBeLessThanOrEqual(120);
    expect(title.endsWith('…')).toBe(true);
  });

  it('falls back to the id when there is nothing else', () => {
    expect(deriveTaskTitle({ id: 'FN-5', title: '  ', description: '\n\n' })).toBe('FN-5');
  });
});
