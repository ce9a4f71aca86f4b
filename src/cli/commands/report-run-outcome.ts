import type { RunResult } from '../../runs/index.js';
import type { EvalRun } from '../../store/index.js';
import type { CliIo } from '../cli-io.js';
import { renderScoreMarkdown, renderScoreTable, useColour } from '../render/index.js';
import { belowThreshold, compactResult, runExitCode } from './run-outcome-output.js';

export interface ReportRunInput {
  run: EvalRun;
  results: readonly RunResult[];
  failUnder: number | undefined;
  json: boolean;
  /** A pull-request summary instead of the scorecard. */
  markdown?: boolean;
  /** Extra fields for the JSON (a batch's window and retries). */
  extra?: Record<string, unknown>;
}

/** Prints a finished run (scorecard and summary, or JSON) and returns its exit code. */
export function reportRunOutcome(input: ReportRunInput, io: CliIo): number {
  const { run, failUnder } = input;
  const order = new Map(run.requestedTaskIds.map((id, i) => [id, i]));
  const results = [...input.results].sort((a, b) => (order.get(a.taskId) ?? 0) - (order.get(b.taskId) ?? 0));
  const below = belowThreshold(results, failUnder);
  if (input.json) {
    io.stdout(`${JSON.stringify({ run, ...(input.extra ?? {}), results: results.map(compactResult), ...(failUnder !== undefined ? { failUnder, belowThreshold: below } : {}) }, null, 2)}\n`);
  } else if (input.markdown) {
    io.stdout(renderScoreMarkdown(results, { title: `taskeval run ${run.id} (${run.status})`, failUnder }));
    if (run.counts.errored > 0) io.stderr(`${run.counts.errored} task(s) could not be evaluated; see \`taskeval results --run ${run.id} --status error\`\n`);
  } else {
    if (results.length) io.stdout(renderScoreTable(results, { colour: useColour(io.isTTY, io.env) }));
    io.stdout(`\nrun ${run.id} ${run.status}: ${run.summary ?? ''}\n`);
    if (below.length) {
      io.stdout(`${below.length} task${below.length === 1 ? '' : 's'} under --fail-under ${failUnder}:\n`);
      for (const b of below) io.stdout(`  ${b.taskId}  ${b.overallScore}\n`);
    }
    if (run.counts.errored > 0) io.stdout(`${run.counts.errored} task(s) could not be evaluated; see \`taskeval results --run ${run.id} --status error\`\n`);
    if (run.status === 'cancelled') io.stdout(`cancelled: results stored so far are kept; finish with \`taskeval run --resume ${run.id}\`\n`);
  }
  return runExitCode(run, below);
}
