import { createCostBudget, JudgeSpecSchema, type Judge, type JudgeSpec } from '../../judge/index.js';
import { createJudgeHealth } from '../judge-health.js';
import type { OpenedJudge } from '../open-judge.js';

/** A fake judge as a run takes one: an openai-compatible spec with the schema's defaults, overridden. */
export function openedJudge(judge: Judge, spec: Partial<JudgeSpec> = {}): OpenedJudge {
  const parsed = JudgeSpecSchema.parse({ provider: 'openai-compatible', model: judge.modelId, ...spec });
  return { spec: parsed, judge, budget: createCostBudget(parsed.maxCostUsd), health: createJudgeHealth() };
}
