import { redactUrl, type Forge } from '../core/index.js';
import { RUBRIC_VERSION } from '../core/rubric/index.js';
import { JudgeSpecSchema, PROMPT_VERSION, type Judge, type JudgeSpec } from '../judge/index.js';
import type { RunProvenance, RunSettings } from '../store/index.js';

/** The judge and versions a run records: what made its results. */
export function runProvenance(
  judge: Pick<Judge, 'provider' | 'modelId'> | null,
  taskevalVersion: string,
): RunProvenance {
  return {
    judgeProvider: judge?.provider ?? null,
    judgeModel: judge?.modelId ?? null,
    rubricVersion: RUBRIC_VERSION,
    promptVersion: judge ? PROMPT_VERSION : null,
    taskevalVersion,
  };
}

/**
 * What a run records of how it evaluates: the judge settings from flag to call (never keys; a
 * password or secret query value in the base URL is recorded as `***`), its labels, and whether queue workers evaluate it.
 */
export function runSettings(
  judge: JudgeSpec | null | undefined,
  labels: Readonly<Record<string, string>> = {},
  queued = false,
  origin: { forge?: Forge | null; rescoreOf?: string | null } = {},
): RunSettings {
  const where = {
    ...(origin.forge ? { forge: origin.forge } : {}),
    ...(origin.rescoreOf ? { rescoreOf: origin.rescoreOf } : {}),
  };
  if (!judge) return { judge: null, labels: { ...labels }, queued, ...where };
  const recorded: Record<string, unknown> = { ...judge };
  if (judge.baseUrl) recorded.baseUrl = redactUrl(judge.baseUrl);
  return { judge: recorded, labels: { ...labels }, queued, ...where };
}

/** The judge spec a run recorded, checked again: a worker or a re-score builds its judge from it. */
export function recordedJudgeSettings(settings: RunSettings): JudgeSpec | null {
  if (!settings.judge) return null;
  return JudgeSpecSchema.parse(settings.judge);
}
