import { describe, expect, it } from 'vitest';
import { CommitRecordSchema } from '../commit-record.js';
import { hasTaskTrailer } from './compute-commit-signals.js';

const commit = (extra: object) =>
  CommitRecordSchema.parse({ sha: 'abcdef1', author: 'dev', date: '2026-03-01T00:00:00Z', subject: 'work', ...extra });

describe('a task-id trailer', () => {
  it('is Fusion-Task-Id or Task-Id naming the task, in any letter case', () => {
    expect(hasTaskTrailer(commit({ trailers: { 'task-id': ['fn-9'] } }), 'FN-9')).toBe(true);
    expect(hasTaskTrailer(commit({ trailers: { 'Task-Id': ['FN-8'] } }), 'FN-9')).toBe(false);
  });

  it('is also a configured key (sources.trailerKeys) the index attributed the commit by, and not another trailer', () => {
    expect(hasTaskTrailer(commit({ trailers: { Refs: ['FN-9'] }, attribution: 'trailer' }), 'FN-9')).toBe(true);
    expect(hasTaskTrailer(commit({ trailers: { Refs: ['FN-9'] }, attribution: 'subject' }), 'FN-9')).toBe(false);
  });
});
