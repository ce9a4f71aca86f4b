import { createInterface } from 'node:readline';
import { Option, type Command } from 'commander';
import {
  ConfigError,
  RATING_SCALES,
  SCORE_CATEGORIES,
  scaleValues,
  type RatedAspect,
  type RatingScale,
} from '../../core/index.js';
import { parseCount, sampleForRating } from '../../runs/index.js';
import type { SaveRatingInput } from '../../store/index.js';
import type { CliIo } from '../cli-io.js';
import { addConfigOption } from '../options/source-options.js';
import { addStoreOption, openCliStore, type StoreOptionValues } from '../options/store-options.js';
import { renderBlindEvidence } from '../render/index.js';
import { resolveRunId } from './resolve-run-id.js';

interface LabelOptions extends StoreOptionValues {
  run: string;
  rater?: string;
  sample: string;
  seed: string;
  scale: RatingScale;
  overallOnly?: boolean;
}

const HELP_AFTER = `
Shows each sampled task's evidence as the judge saw it, blind: no score, band, rationale or signal, so the
rating is yours. Rate each category and the task as a whole on --scale (1 failing … 5 excellent, or g/b for
good/bad); Enter skips one aspect, s skips the task, q (or end of input) stops. A task's ratings are kept in
the store as soon as it is rated, per rater: rating a task again replaces your own earlier rating, never
another rater's. Tasks you rated before are not shown again.

Then \`taskeval validate --run ID --labels store\` says how far the rubric, the judge and the final score
agree with people (Cohen's or weighted kappa), and people with each other (Krippendorff's alpha).

Exit codes: 0 ok (also when stopped early); 2 bad flags; 3 no store or unknown run.

Examples:
  taskeval label --rater ana --sample 20
  taskeval label --run run_... --rater ben --scale good-bad --overall-only
  printf '4\\n3\\n5\\n4\\n' | taskeval label --rater ci --sample 1`;

/** `taskeval label`: a person rates a seeded sample of a run's tasks, blind, from the evidence. */
export function registerLabelCommand(program: Command, io: CliIo): void {
  const command = program
    .command('label')
    .description("rate a sample of a run's tasks yourself, blind, from their evidence; kept per rater in the store")
    .addOption(new Option('--run <runId>', 'the run whose tasks to rate, or latest').default('latest'))
    .option('--rater <name>', 'who is rating (default: $TASKEVAL_RATER, else $USER)')
    .addOption(new Option('--sample <n>', 'how many tasks to show').default('10'))
    .addOption(new Option('--seed <n>', 'sample seed: raters given the same seed see the same tasks').default('1'))
    .addOption(
      new Option('--scale <scale>', '1-5 (the five bands) or good-bad').choices([...RATING_SCALES]).default('1-5'),
    )
    .option('--overall-only', 'rate only the task as a whole, not each category');
  addStoreOption(addConfigOption(command))
    .addHelpText('after', HELP_AFTER)
    .action(async (options: LabelOptions) => {
      const size = parseCount('--sample', options.sample, 1, 10_000);
      const seed = parseCount('--seed', options.seed, 0, 2 ** 32 - 1);
      const rater = (options.rater ?? io.env.TASKEVAL_RATER ?? io.env.USER ?? '').trim();
      if (!rater)
        throw new ConfigError('usage', 'say who is rating with --rater NAME (or set TASKEVAL_RATER)', {
          field: '--rater',
        });
      if (!io.stdin)
        throw new ConfigError('usage', 'label reads ratings from standard input, and there is none', {
          field: 'stdin',
        });
      const cli = await openCliStore(options, io, { mustExist: true });
      const lines = createInterface({ input: io.stdin, terminal: false })[Symbol.asyncIterator]();
      try {
        const runId = await resolveRunId(cli.store, options.run);
        const sample = await sampleForRating(cli.store, { runId, rater, size, seed });
        io.stderr(
          `${sample.results.length} task(s) of run ${runId} to rate as ${rater} (${sample.scored} scored, ${sample.alreadyRated} rated by you before)\n`,
        );
        const aspects: RatedAspect[] = options.overallOnly ? ['overall'] : [...SCORE_CATEGORIES, 'overall'];
        let kept = 0;
        let tasks = 0;
        for (const [i, result] of sample.results.entries()) {
          io.stdout(`\n[${i + 1}/${sample.results.length}] ${renderBlindEvidence(result)}\n${legend(options.scale)}\n`);
          const given: SaveRatingInput[] = [];
          let stop = false;
          for (const aspect of aspects) {
            const answer = await ask(io, lines, `${aspect}: `, options.scale);
            if (answer === 'quit' || answer === 'skip-task') {
              stop = answer === 'quit';
              given.length = 0;
              break;
            }
            if (answer === null) continue;
            given.push({
              projectId: sample.run.projectId,
              taskId: result.taskId,
              resultId: result.id,
              rater,
              aspect,
              scale: options.scale,
              value: answer,
              now: new Date().toISOString(),
            });
          }
          if (given.length) {
            await cli.store.saveRatings(given);
            kept += given.length;
            tasks += 1;
          }
          if (stop) break;
        }
        io.stderr(
          `kept ${kept} rating(s) of ${tasks} task(s) by ${rater}; see how they agree: taskeval validate --run ${runId} --labels store\n`,
        );
      } finally {
        lines.return?.();
        await cli.close();
      }
    });
}

function legend(scale: RatingScale): string {
  return scale === '1-5'
    ? 'Rate 1 failing, 2 weak, 3 acceptable, 4 strong, 5 excellent; Enter skips, s skips the task, q stops.'
    : 'Rate g good or b bad; Enter skips, s skips the task, q stops.';
}

/** One aspect's rating: a value on the scale, null to skip it, or what to do instead; asks again on anything else. */
async function ask(
  io: CliIo,
  lines: AsyncIterator<string>,
  prompt: string,
  scale: RatingScale,
): Promise<number | null | 'quit' | 'skip-task'> {
  for (;;) {
    io.stdout(prompt);
    const next = await lines.next();
    if (next.done) return 'quit';
    const text = next.value.trim().toLowerCase();
    if (!io.isTTY) io.stdout(`${text}\n`);
    if (text === '') return null;
    if (text === 'q') return 'quit';
    if (text === 's') return 'skip-task';
    const value =
      scale === 'good-bad' ? ({ g: 1, good: 1, b: 0, bad: 0 } as Record<string, number>)[text] : Number(text);
    if (value !== undefined && scaleValues(scale).includes(value)) return value;
    io.stdout(`  "${text}" is not a rating here. ${legend(scale)}\n`);
  }
}
