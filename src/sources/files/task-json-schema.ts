import { z } from 'zod';
import { TaskSchema } from '../../core/index.js';
import { TASK_FIELD_DESCRIPTIONS } from './task-field-descriptions.js';

type JsonSchema = Record<string, unknown>;

const INT_BOUNDS = new Set([Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]);

/** The JSON Schema (draft 2020-12) of one task record as a task file may give it. */
export function taskJsonSchema(): JsonSchema {
  const schema = z.toJSONSchema(TaskSchema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  tidy(schema);
  const properties = schema.properties as Record<string, JsonSchema>;
  for (const [name, property] of Object.entries(properties)) {
    const description = TASK_FIELD_DESCRIPTIONS[name];
    if (description) properties[name] = { description, ...property };
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'taskeval task record',
    description:
      'One task done by an AI coding agent, by Fusion field names (docs/task-format.md). A task file is a JSON array of these, one of them, or JSONL (one per line). Unknown fields are kept.',
    ...Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$schema')),
  };
}

/** Optional fields accept null (and an absent object may be Fusion's '[]'), as the parser does; drops zod's ±MAX_SAFE_INTEGER bounds. */
function tidy(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(tidy);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const record = node as JsonSchema;
  for (const key of ['minimum', 'maximum']) {
    if (typeof record[key] === 'number' && INT_BOUNDS.has(record[key] as number)) delete record[key];
  }
  Object.values(record).forEach(tidy);
  if (record.type === 'object' && typeof record.properties === 'object' && record.properties !== null) {
    const properties = record.properties as Record<string, JsonSchema>;
    const required = new Set((record.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries(properties)) {
      if (required.has(name)) continue;
      const alternatives: JsonSchema[] = [property, { type: 'null' }];
      if (property.type === 'object') alternatives.push({ type: 'array', maxItems: 0 });
      properties[name] = { anyOf: alternatives };
    }
  }
}
