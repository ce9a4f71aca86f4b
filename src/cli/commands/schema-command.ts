import type { Command } from 'commander';
import { ConfigError } from '../../core/index.js';
import { taskJsonSchema } from '../../sources/files/index.js';
import type { CliIo } from '../cli-io.js';

const SCHEMAS: Record<string, () => unknown> = {
  task: taskJsonSchema,
};

/** `taskeval schema <name>`: prints a JSON Schema (draft 2020-12) of an input format. */
export function registerSchemaCommand(program: Command, io: CliIo): void {
  program
    .command('schema')
    .description('print the JSON Schema (draft 2020-12) of an input format')
    .argument('<name>', `which schema: ${Object.keys(SCHEMAS).join(', ')}`)
    .addHelpText('after', '\nExample:\n  taskeval schema task > task.schema.json\n\nThe task format is explained with an example in docs/task-format.md.')
    .action((name: string) => {
      const schema = SCHEMAS[name];
      if (!schema) {
        throw new ConfigError('usage', `unknown schema "${name}"`, { field: 'name', hint: `Choose one of: ${Object.keys(SCHEMAS).join(', ')} (e.g. \`taskeval schema task\`).` });
      }
      io.stdout(`${JSON.stringify(schema(), null, 2)}\n`);
    });
}
