import type { Command } from 'commander';
import { z } from 'zod';
import { ConfigError } from '../../core/index.js';
import { TaskevalConfigSchema } from '../../runs/index.js';
import { taskJsonSchema } from '../../sources/files/index.js';
import type { CliIo } from '../cli-io.js';

const SCHEMAS: Record<string, () => unknown> = {
  task: taskJsonSchema,
  config: configJsonSchema,
};

/** The JSON Schema of taskeval.config.json (or .taskeval/config.json, or package.json's "taskeval" key), for editors. */
function configJsonSchema(): unknown {
  const schema = z.toJSONSchema(TaskevalConfigSchema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as Record<string, unknown>;
  return {
    ...schema,
    title: 'taskeval configuration',
    description: 'taskeval.config.json: every key is optional (docs/configuration.md).',
  };
}

/** `taskeval schema <name>`: prints a JSON Schema (draft 2020-12) of an input format. */
export function registerSchemaCommand(program: Command, io: CliIo): void {
  program
    .command('schema')
    .description('print the JSON Schema (draft 2020-12) of an input format')
    .argument('<name>', `which schema: ${Object.keys(SCHEMAS).join(', ')}`)
    .addHelpText(
      'after',
      '\nExamples:\n  taskeval schema task > task.schema.json\n  taskeval schema config > taskeval.config.schema.json\n\nThe task format is explained with an example in docs/task-format.md, the configuration in docs/configuration.md.',
    )
    .action((name: string) => {
      const schema = SCHEMAS[name];
      if (!schema) {
        throw new ConfigError('usage', `unknown schema "${name}"`, {
          field: 'name',
          hint: `Choose one of: ${Object.keys(SCHEMAS).join(', ')} (e.g. \`taskeval schema task\`).`,
        });
      }
      io.stdout(`${JSON.stringify(schema(), null, 2)}\n`);
    });
}
