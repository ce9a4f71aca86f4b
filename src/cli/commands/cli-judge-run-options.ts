import type { RunJudgeOptions } from '../../runs/index.js';
import type { CliJudge } from '../options/judge-options.js';

/** The run's judge knobs from the judge flags and config: the options openEvaluation made for them. */
export function cliJudgeRunOptions(judge: CliJudge | null): RunJudgeOptions {
  return judge?.evaluation.judgeOptions ?? {};
}
