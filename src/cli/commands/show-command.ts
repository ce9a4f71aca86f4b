import type { Command } from 'commander';
import { StoreError } from '../../core/index.js';
import type { StoredResult } from '../../store/index.js';
import type { CliIo } from '../cli-io.js';
import { addConfigOption } from '../options/source-options.js';
import { addStoreOption, openCliStore, type StoreOptionValues } from '../options/store-options.js';
import { renderResultDetail, useColour } from '../render/index.js';

interface ShowOptions extends StoreOptionValues {
  json?: boolean;
  run?: string;
}

/** `taskeval show TASK_ID|RESULT_ID`: one result's whole breakdown. */
export function registerShowCommand(program: Command, io: CliIo): void {
  const command = program
    .command('show')
    .argument('<id>', 'a task id (its latest result, or its result in --run) or a result id (res_...)')
    .description(
      "show one result: categories with deterministic and AI parts, bands, rationale, the judge's cited evidence, signals, provenance",
    )
    .option('--run <runId>', "the task's result in this run instead of its latest")
    .option('--json', 'print the stored result (bundle, signals and snapshot included) as JSON');
  addStoreOption(addConfigOption(command))
    .addHelpText(
      'after',
      '\nExamples:\n  taskeval show FN-123\n  taskeval show FN-123 --run run_...\n  taskeval show res_... --json',
    )
    .action(async (id: string, options: ShowOptions) => {
      const cli = await openCliStore(options, io, { mustExist: true, readOnly: true });
      try {
        const result = await findShown(cli.store, id, options.run);
        io.stdout(
          options.json
            ? `${JSON.stringify(result, null, 2)}\n`
            : renderResultDetail(result, { colour: useColour(io.isTTY, io.env) }),
        );
      } finally {
        await cli.close();
      }
    });
}

async function findShown(
  store: {
    getResult(id: string): Promise<StoredResult>;
    findResult(q: { taskId: string; runId?: string }): Promise<StoredResult | null>;
  },
  id: string,
  runId: string | undefined,
): Promise<StoredResult> {
  if (/^res_[0-9a-f]+$/.test(id) && !runId) return store.getResult(id);
  const found = await store.findResult({ taskId: id, ...(runId ? { runId } : {}) });
  if (!found) {
    throw new StoreError('not_found', `no stored result for task ${id}${runId ? ` in run ${runId}` : ''}`, {
      field: 'id',
      hint: 'list results with `taskeval results`, or evaluate the task with `taskeval run`',
    });
  }
  return found;
}
