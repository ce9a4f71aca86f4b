import { encode as encodeCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { encode as encodeO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { readChangeHunks } from '../src/evidence/index.js';
import {
  BYTES_PER_TOKEN_LOWER_BOUND,
  BYTES_PER_TOKEN_UPPER_BOUND,
  estimateTokens,
  fewestTokens,
  fitJudgePrompt,
} from '../src/judge/index.js';
import { judgeTaskSummary, prepareTask } from '../src/runs/evaluate-task.js';
import { loadTaskSet, type TaskSourceKind } from '../src/sources/index.js';

export interface PromptTokensReport {
  repo: string;
  prompts: number;
  /** Estimate over real count, per tokenizer: min, median, max. */
  ratio: Record<'o200k' | 'cl100k', [number, number, number]>;
  /** Prompts the estimate counted short (it must never), and real counts under the lower bound (it must never). */
  underCounted: number;
  underLowerBound: number;
  pass: boolean;
}

const flag = (name: string): string | undefined =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

/**
 * `npm run bench -- tokens --repo=PATH [--source=git|pulls]`: builds every task's judge prompt as a judged run would
 * (statement, change hunks, all evidence) and checks the documented bounds against two real tokenizers: bytes / 3
 * must never count fewer tokens than OpenAI's o200k or cl100k do, and the lower bound never more.
 */
export async function run(): Promise<PromptTokensReport> {
  const repo = flag('repo') ?? process.cwd();
  const source = flag('source') as TaskSourceKind | undefined;
  const set = await loadTaskSet({ projectDir: repo, sessions: null, column: 'all', ...(source ? { source } : {}) });
  const ratios: Record<'o200k' | 'cl100k', number[]> = { o200k: [], cl100k: [] };
  let underCounted = 0;
  let underLowerBound = 0;
  for (const item of set.items) {
    const change =
      set.repo && item.commits?.length
        ? await readChangeHunks(
            set.repo,
            item.commits.map((c) => ({ sha: c.sha, date: c.date })),
          ).catch(() => null)
        : null;
    const prepared = prepareTask({
      task: item.task,
      runId: 'bench',
      ...(item.commits ? { commits: item.commits } : {}),
      ...(item.history ? { history: item.history } : {}),
      ...(change ? { change } : {}),
    });
    const fitted = fitJudgePrompt({
      task: judgeTaskSummary(prepared),
      assessment: prepared.assessment,
      bundle: prepared.bundle,
      contextTokens: null,
      maxTokens: 1,
    });
    const estimate = estimateTokens(fitted.system) + estimateTokens(fitted.prompt);
    const fewest = fewestTokens(fitted.system) + fewestTokens(fitted.prompt);
    for (const [name, encode] of [
      ['o200k', encodeO200k],
      ['cl100k', encodeCl100k],
    ] as const) {
      const real = encode(fitted.system).length + encode(fitted.prompt).length;
      ratios[name].push(estimate / real);
      if (estimate < real) underCounted += 1;
      if (real < fewest) underLowerBound += 1;
    }
  }
  const spread = (values: number[]): [number, number, number] => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q: number) => Math.round((sorted[Math.floor(q * (sorted.length - 1))] ?? 0) * 1000) / 1000;
    return [at(0), at(0.5), at(1)];
  };
  const report: PromptTokensReport = {
    repo,
    prompts: set.items.length,
    ratio: { o200k: spread(ratios.o200k), cl100k: spread(ratios.cl100k) },
    underCounted,
    underLowerBound,
    pass: set.items.length > 0 && underCounted === 0 && underLowerBound === 0,
  };
  const line = (name: 'o200k' | 'cl100k') =>
    `  ${name}: estimate / real tokens min ${report.ratio[name][0]}, median ${report.ratio[name][1]}, max ${report.ratio[name][2]}`;
  process.stdout.write(
    `prompt tokens: ${report.prompts} judge prompts built from ${repo} (statement, change hunks, whole evidence)\n${line('o200k')}\n${line('cl100k')}\n  under-counted by bytes / ${BYTES_PER_TOKEN_UPPER_BOUND}: ${underCounted} (target 0); real count under bytes / ${BYTES_PER_TOKEN_LOWER_BOUND}: ${underLowerBound} (target 0)\n  ${report.pass ? 'PASS' : 'FAIL'}\n`,
  );
  return report;
}
