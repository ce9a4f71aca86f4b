import { describe, expect, it } from 'vitest';
import { parseTrailers } from './parse-trailers.js';

describe('parseTrailers', () => {
  it('reads Key: value lines from the last paragraph', () => {
    expect(parseTrailers('Did a thing.\n\nFusion-Task-Id: FN-1\nSigned-off-by: A <a@x>\n')).toEqual({
      'Fusion-Task-Id': ['FN-1'],
      'Signed-off-by': ['A <a@x>'],
    });
  });

  it('ignores key-like lines that are not in the last paragraph', () => {
    expect(parseTrailers('Task-Id: FN-1\n\nJust prose at the end.')).toEqual({});
  });

  it('ignores a last paragraph that mixes prose and trailers', () => {
    expect(parseTrailers('Intro\n\nSome prose here\nTask-Id: FN-1')).toEqual({});
  });

  it('merges keys that differ only in case under the first spelling and folds continuations', () => {
    expect(parseTrailers('task-id: FN-1\nTASK-ID: FN-2\nNote: long\n  continued')).toEqual({
      'task-id': ['FN-1', 'FN-2'],
      Note: ['long continued'],
    });
  });
});
