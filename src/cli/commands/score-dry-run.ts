import type { PromptPreview } from '../../runs/index.js';
import type { CliIo } from '../cli-io.js';
import { EXIT } from '../exit-codes.js';
import { renderTable } from '../render/index.js';
import { evaluateFromCli, type CliEvaluationOptions } from './cli-evaluation.js';

/** What a dry run keeps of each prompt: its size and fit, never its text. */
interface PromptSize {
  taskId: string;
  estimatedTokens: number;
  contextTokens: number | null;
  answerTokens: number;
  dropped: PromptPreview['dropped'];
  fits: boolean;
}

/**
 * `score --dry-run`: each task's judge prompt is built and fitted exactly as a judged run would, and its size printed;
 * nothing is sent, stored or cached. Exit 4 when some task's prompt cannot fit the context (it would be an error result).
 */
export async function scoreDryRun(options: CliEvaluationOptions, io: CliIo, json: boolean): Promise<number> {
  const sizes: PromptSize[] = [];
  await evaluateFromCli(
    'score',
    { ...options, dryRun: true },
    io,
    {
      onPrompt: (p) =>
        void sizes.push({
          taskId: p.taskId,
          estimatedTokens: p.estimatedTokens,
          contextTokens: p.contextTokens,
          answerTokens: p.answerTokens,
          dropped: p.dropped,
          fits: p.fits,
        }),
    },
    async () => undefined,
  );
  const unfit = sizes.filter((s) => !s.fits).length;
  if (json) io.stdout(`${JSON.stringify(sizes, null, 2)}\n`);
  else io.stdout(renderSizes(sizes, unfit));
  return unfit ? EXIT.notEvaluated : EXIT.ok;
}

function renderSizes(sizes: readonly PromptSize[], unfit: number): string {
  const n = (v: number) => v.toLocaleString('en-US');
  const rows = sizes.map((s) => [
    s.taskId,
    n(s.estimatedTokens),
    s.contextTokens === null ? 'unknown' : n(s.contextTokens),
    n(s.answerTokens),
    Object.entries(s.dropped)
      .map(([source, count]) => `${source} ${count}`)
      .join(', ') || '-',
    s.fits ? 'yes' : 'NO',
  ]);
  const table = renderTable(
    [
      { header: 'task', maxWidth: 40 },
      { header: 'prompt tokens (est.)', align: 'right' },
      { header: 'context', align: 'right' },
      { header: 'answer cap', align: 'right' },
      { header: 'left out', maxWidth: 60 },
      { header: 'fits' },
    ],
    rows,
  );
  const largest = sizes.reduce((max, s) => Math.max(max, s.estimatedTokens), 0);
  const context = sizes[0]?.contextTokens ?? null;
  const summary = [
    `${sizes.length} prompt${sizes.length === 1 ? '' : 's'}, the largest about ${n(largest)} tokens (bytes / 3, an over-count); nothing was sent.`,
    context === null
      ? 'The context is unknown here: give --judge-context N (a run asks a local server for it) to see what would be left out.'
      : `${unfit} of ${sizes.length} do not fit a context of ${n(context)} even with only the task record.`,
  ];
  return `${table}\n${summary.join('\n')}\n`;
}
