import { createHeapPacer, lightResult, type RunResult } from '../../runs/index.js';
import { resultPages, type EvalRun, type Store, type StoredResult } from '../../store/index.js';
import type { CliIo } from '../cli-io.js';
import { createPhaseProgress, renderScoreMarkdown, renderScoreTable, useColour } from '../render/index.js';
import { compactResult, runExitCode } from './run-outcome-output.js';

export interface ReportRunInput {
  run: EvalRun;
  /** The store the run wrote: results are read back from it, a page at a time. */
  store: Store;
  failUnder: number | undefined;
  json: boolean;
  /** A pull-request summary instead of the scorecard. */
  markdown?: boolean;
  /** Extra fields for the JSON (a batch's window and retries). */
  extra?: Record<string, unknown>;
}

/** Up to this many results a scorecard lists whole; a larger run lists its weakest. */
export const SCORECARD_ROWS = 1_000;
const WEAKEST_ROWS = 50;
/** Whole results read at once when printing a run. */
const FULL_PAGE = 100;
/** Results without their bundles read at once. */
const LIGHT_PAGE = 500;

/**
 * Prints a finished run (scorecard and summary, or JSON) and returns its exit code. Results come from the
 * store page by page, so a run of any size prints in bounded memory.
 */
export async function reportRunOutcome(input: ReportRunInput, io: CliIo): Promise<number> {
  const { run, store, failUnder } = input;
  const below = failUnder === undefined ? [] : await belowThreshold(store, run.id, failUnder);
  const total = run.counts.total;
  if (input.json) {
    const head = JSON.stringify({ run, ...(input.extra ?? {}) }, null, 2).replace(/\n}$/, '');
    io.stdout(`${head},\n  "results": [`);
    let n = 0;
    // Reading a large run back takes seconds (200,000 results: about ten): said on stderr as the evaluation was.
    const progress = createPhaseProgress({ write: io.stderr, label: 'writing', noun: 'results' });
    // The JSON prints neither bundles, signals nor snapshots: they are not read.
    await eachResult(store, run, { light: true }, (result) => {
      io.stdout(
        `${n++ ? ',' : ''}\n${JSON.stringify(compactResult(lightResult(result)), null, 2).replace(/^/gm, '    ')}`,
      );
      progress.update(n, total);
    });
    const tail =
      failUnder !== undefined
        ? `,\n  "failUnder": ${failUnder},\n  "belowThreshold": ${JSON.stringify(below, null, 2).replace(/\n/g, '\n  ')}`
        : '';
    io.stdout(`${n ? '\n  ' : ''}]${tail}\n}\n`);
    return runExitCode(run, below);
  }
  const shown: RunResult[] = [];
  if (total <= SCORECARD_ROWS) await eachResult(store, run, { light: false }, (r) => void shown.push(lightResult(r)));
  else
    shown.push(
      ...(
        await store.listResults({ runId: run.id, full: true, sort: 'overall', order: 'asc', limit: WEAKEST_ROWS })
      ).items.map(lightResult),
    );
  const more =
    total > SCORECARD_ROWS
      ? `the ${shown.length} lowest of ${total} results; all of them: taskeval results --run ${run.id}\n`
      : '';
  if (input.markdown) {
    io.stdout(renderScoreMarkdown(shown, { title: `taskeval run ${run.id} (${run.status})`, failUnder }));
    if (more) io.stdout(`\n_${more.trim()}_\n`);
    if (run.counts.errored > 0)
      io.stderr(
        `${run.counts.errored} task(s) could not be evaluated; see \`taskeval results --run ${run.id} --status error\`\n`,
      );
    return runExitCode(run, below);
  }
  if (shown.length) io.stdout(renderScoreTable(shown, { colour: useColour(io.isTTY, io.env) }));
  if (more) io.stdout(more);
  io.stdout(`\nrun ${run.id} ${run.status}: ${run.summary ?? ''}\n`);
  if (below.length) {
    io.stdout(`${below.length} task${below.length === 1 ? '' : 's'} under --fail-under ${failUnder}:\n`);
    for (const b of below) io.stdout(`  ${b.taskId}  ${b.overallScore}\n`);
  }
  if (run.counts.errored > 0)
    io.stdout(
      `${run.counts.errored} task(s) could not be evaluated; see \`taskeval results --run ${run.id} --status error\`\n`,
    );
  if (run.status === 'cancelled')
    io.stdout(`cancelled: results stored so far are kept; finish with \`taskeval run --resume ${run.id}\`\n`);
  return runExitCode(run, below);
}

/**
 * The run's results a page at a time; a run small enough for a scorecard comes in the order it asked
 * for its tasks (sorted in memory), a larger one by task id.
 */
async function eachResult(
  store: Store,
  run: EvalRun,
  read: { light: boolean },
  visit: (result: StoredResult) => void,
): Promise<void> {
  const small = run.counts.total <= SCORECARD_ROWS;
  const held: StoredResult[] = [];
  // Whole results carry their bundles (~30 KB each): read few at a time, and let go of each page's garbage.
  const pace = createHeapPacer();
  for await (const page of resultPages(
    store,
    { runId: run.id, full: true, light: read.light, sort: 'taskId', order: 'asc' },
    read.light ? LIGHT_PAGE : FULL_PAGE,
  )) {
    for (const r of page) small ? held.push(r) : visit(r);
    pace();
  }
  if (!small) return;
  const order = new Map(run.requestedTaskIds.map((id, i) => [id, i]));
  const rank = (id: string) => order.get(id) ?? Number.MAX_SAFE_INTEGER;
  for (const r of held.sort((a, b) => rank(a.taskId) - rank(b.taskId))) visit(r);
}

/** Scored results under the threshold, from the store's summaries. */
async function belowThreshold(
  store: Store,
  runId: string,
  failUnder: number,
): Promise<{ taskId: string; overallScore: number }[]> {
  if (failUnder === 0) return [];
  const out: { taskId: string; overallScore: number }[] = [];
  const query = { runId, status: 'scored', max: failUnder - 1, sort: 'taskId', order: 'asc', brief: true } as const;
  for await (const page of resultPages(store, query))
    for (const r of page) out.push({ taskId: r.taskId, overallScore: r.overallScore! });
  return out;
}
