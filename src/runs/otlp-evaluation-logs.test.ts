import { describe, expect, it } from 'vitest';
import { buildSampleError, buildSampleResult, buildSampleSkipped, type StoredResult } from '../store/index.js';
import { evaluationLogRecords, otlpLogsRequest } from './otlp-evaluation-logs.js';

const stored = (result: object, snapshot: unknown = null) =>
  ({
    ...result,
    id: 'res_1',
    runId: 'run_1',
    taskSnapshot: snapshot,
    completedAt: null,
    evaluatedAt: '2026-03-02T10:00:00.000Z',
    cohort: { agent: 'codex', modelProvider: 'openai', modelId: 'gpt-5', labels: {} },
  }) as StoredResult;
const attrs = (r: { attributes: { key: string; value: Record<string, unknown> }[] }) =>
  Object.fromEntries(r.attributes.map((a) => [a.key, Object.values(a.value)[0]]));

describe('evaluationLogRecords', () => {
  it("gives a hybrid result's judge, cited evidence ids and the evaluation time in nanoseconds", () => {
    const records = evaluationLogRecords(
      stored(buildSampleResult({ taskId: 'T-1', finals: [80, 90, 70] }), { sessionIds: ['s-9', 's-10'] }),
      '2026-03-03T00:00:00.000Z',
    );
    expect(records).toHaveLength(4);
    expect(records[0]!.timeUnixNano).toBe(`${Date.parse('2026-03-02T10:00:00.000Z')}000000`);
    const toq = attrs(records[1]!);
    expect(toq).toMatchObject({
      'gen_ai.evaluation.name': 'taskOutcomeQuality',
      'gen_ai.evaluation.score.value': 90,
      'gen_ai.evaluation.score.label': 'excellent',
      'gen_ai.conversation.id': 's-9',
      'taskeval.mode': 'hybrid',
    });
    expect(toq['gen_ai.evaluation.explanation']).toMatch(/^hybrid \(judge gpt-test\): .*\[cites /);
  });

  it('makes a failed evaluation one error event with its reason and no score, and a skipped task none', () => {
    const [error, ...rest] = evaluationLogRecords(stored(buildSampleError('T-2')), '2026-03-03T00:00:00.000Z');
    expect(rest).toEqual([]);
    expect(error!.severityText).toBe('ERROR');
    expect(attrs(error!)).toMatchObject({
      'error.type': 'taskeval.judge_unavailable',
      'gen_ai.evaluation.explanation': 'judge timed out',
    });
    expect(attrs(error!)['gen_ai.evaluation.score.value']).toBeUndefined();
    expect(evaluationLogRecords(stored(buildSampleSkipped('T-3')), '2026-03-03T00:00:00.000Z')).toEqual([]);
    expect(otlpLogsRequest([], '1.2.3')).toMatchObject({
      resourceLogs: [{ scopeLogs: [{ scope: { name: 'taskeval', version: '1.2.3' }, logRecords: [] }] }],
    });
  });
});
