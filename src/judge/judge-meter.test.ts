import { describe, expect, it } from 'vitest';
import { createMemoryJudgeCache } from './judge-cache.js';
import { meterJudge } from './judge-meter.js';
import { judgeTask } from './judge-task.js';
import { createScriptedJudge, SAMPLE_TASK, sampleAssessment, sampleBundle, validAnswer } from './testing/index.js';

describe('meterJudge', () => {
  it('counts calls, tokens and cache hits across tasks', async () => {
    const meter = meterJudge(
      createScriptedJudge([
        { answer: 'bad' },
        { answer: validAnswer(['commit-abc123']), usage: { inputTokens: 10, outputTokens: 5, cachedTokens: 2 } },
      ]),
      createMemoryJudgeCache(),
    );
    const input = {
      judge: meter.judge,
      cache: meter.cache!,
      task: SAMPLE_TASK,
      bundle: sampleBundle(),
      assessment: sampleAssessment(),
    };
    await judgeTask(input);
    await judgeTask(input);
    expect(meter.totals()).toEqual({
      calls: 2,
      cacheHits: 1,
      usage: { inputTokens: 1010, outputTokens: 105, cachedTokens: 2 },
    });
  });
});
