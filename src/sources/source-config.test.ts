import { describe, expect, it } from 'vitest';
import { SourceConfigSchema } from './source-config.js';

describe('SourceConfigSchema', () => {
  it('defaults the trailer keys and id pattern', () => {
    expect(SourceConfigSchema.parse({})).toEqual({
      trailerKeys: ['Fusion-Task-Id', 'Task-Id'],
      idPattern: '[A-Z][A-Z0-9]*-\\d+',
    });
  });

  it('rejects an id pattern that does not compile and a trailer key with a space', () => {
    const result = SourceConfigSchema.safeParse({ idPattern: '([', trailerKeys: ['Task Id'] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['idPattern', 'trailerKeys.0']);
  });
});
