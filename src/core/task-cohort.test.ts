import { describe, expect, it } from 'vitest';
import { TaskSchema } from './task.js';
import { parseLabelPairs, taskCohort } from './task-cohort.js';

const log = (agent: string) => ({ timestamp: '2026-03-01T10:00:00Z', type: 'text', text: 'x', agent });

describe('taskCohort', () => {
  it("takes the record's agent, model and labels, with the run's labels over the record's", () => {
    const task = TaskSchema.parse({
      id: 'FN-1',
      agent: 'fusion-executor',
      modelProvider: 'anthropic',
      modelId: 'claude-sonnet-4-5',
      labels: { prompt: 'v1', team: 'web' },
    });
    expect(taskCohort(task, { prompt: 'v2' })).toEqual({
      agent: 'fusion-executor',
      modelProvider: 'anthropic',
      modelId: 'claude-sonnet-4-5',
      labels: { type: 'other', prompt: 'v2', team: 'web' },
    });
  });

  it('falls back to the agent that wrote most agent logs, never the user or a subagent', () => {
    const task = TaskSchema.parse({
      id: 'FN-2',
      agentLogs: [
        log('user'),
        log('user'),
        log('user'),
        log('claude-code subagent'),
        log('claude-code subagent'),
        log('claude-code'),
      ],
    });
    expect(taskCohort(task)).toEqual({
      agent: 'claude-code',
      modelProvider: null,
      modelId: null,
      labels: { type: 'other' },
    });
    expect(taskCohort(TaskSchema.parse({ id: 'FN-3' })).agent).toBeNull();
  });
});

describe('the task type label', () => {
  it("names the work's type, and a label of the record's own or the run's says it instead", () => {
    const task = TaskSchema.parse({ id: 'FN-4', title: 'fix(api): retry on 503' });
    expect(taskCohort(task).labels).toEqual({ type: 'fix' });
    expect(taskCohort(task, { type: 'hotfix' }).labels).toEqual({ type: 'hotfix' });
  });
});

describe('parseLabelPairs', () => {
  it('reads key=value pairs (a value may hold =) and names the first malformed one', () => {
    expect(parseLabelPairs(['prompt=v2', 'config=CLAUDE.md@3f2a', 'expr=a=b'])).toEqual({
      ok: true,
      labels: { prompt: 'v2', config: 'CLAUDE.md@3f2a', expr: 'a=b' },
    });
    expect(parseLabelPairs(['prompt=v2', 'novalue'])).toEqual({ ok: false, bad: 'novalue' });
    expect(parseLabelPairs(['=v'])).toEqual({ ok: false, bad: '=v' });
  });
});
