import type { Command } from 'commander';
import { z } from 'zod';
import { ConfigError } from '../../core/index.js';
import { JUDGE_ANSWER_SCHEMA } from '../../judge/index.js';
import { TaskevalConfigSchema } from '../../runs/index.js';
import { taskJsonSchema } from '../../sources/files/index.js';
import type { CliIo } from '../cli-io.js';

const SCHEMAS: Record<string, () => unknown> = {
  task: taskJsonSchema,
  config: configJsonSchema,
  'judge-answer': judgeAnswerJsonSchema,
};

/** What a judge must answer (contract section 7), for a `command` judge that constrains its own output. */
function judgeAnswerJsonSchema(): unknown {
  return {
    ...(z.toJSONSchema(JUDGE_ANSWER_SCHEMA, { target: 'draft-2020-12' }) as Record<string, unknown>),
    title: 'taskeval judge answer',
    description:
      'The JSON object a judge answers with: per category an integer score 0..100, a rationale and the evidence ids it cites (ids from the prompt\'s "## Evidence" section).',
  };
}

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
    .description("print the JSON Schema (draft 2020-12) of an input format or of the judge's answer")
    .argument('<name>', `which schema: ${Object.keys(SCHEMAS).join(', ')}`)
    .addHelpText(
      'after',
      '\nExamples:\n  taskeval schema task > task.schema.json\n  taskeval schema config > taskeval.config.schema.json\n  taskeval schema judge-answer   # what a --judge command must print\n\nThe task format is explained with an example in docs/task-format.md, the configuration in docs/configuration.md.',
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
