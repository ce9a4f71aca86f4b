import { describe, expect, it } from 'vitest';
import { TaskSchema } from '../../core/index.js';
import { taskJsonSchema } from './task-json-schema.js';

describe('taskJsonSchema', () => {
  const schema = taskJsonSchema();
  const properties = schema.properties as Record<string, Record<string, unknown>>;

  it('is a draft 2020-12 object schema that requires only id', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.type).toBe('object');
    expect(schema.required).toEqual(['id']);
  });

  it('describes every field of the task model', () => {
    expect(Object.keys(properties).sort()).toEqual(Object.keys(TaskSchema.shape).sort());
    const undocumented = Object.entries(properties).filter(([, p]) => typeof p.description !== 'string').map(([k]) => k);
    expect(undocumented).toEqual([]);
  });

  it('lets optional fields be null, and absent objects be an empty array, as the parser does', () => {
    expect(properties.title).toMatchObject({ anyOf: [{ type: 'string' }, { type: 'null' }] });
    expect((properties.prInfo!.anyOf as unknown[])[2]).toEqual({ type: 'array', maxItems: 0 });
    expect(TaskSchema.safeParse({ id: 'X-1', title: null, prInfo: [] }).success).toBe(true);
  });

  it('lists the workflow step statuses', () => {
    expect(JSON.stringify(properties.workflowStepResults)).toContain('"enum":["passed","failed","skipped","pending"]');
  });

  it('serialises to JSON without zod safe-integer noise', () => {
    expect(JSON.stringify(schema)).not.toContain('9007199254740991');
  });
});
