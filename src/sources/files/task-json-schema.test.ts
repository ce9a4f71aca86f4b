import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TaskSchema } from '../../core/index.js';
import { taskJsonSchema } from './task-json-schema.js';

type Node = Record<string, unknown>;

/** Errors of `value` against the keywords the task schema uses (a subset of draft 2020-12). */
function validate(schema: Node, value: unknown, path = '$'): string[] {
  const errors: string[] = [];
  if (Array.isArray(schema.anyOf)) {
    const branches = (schema.anyOf as Node[]).map((s) => validate(s, value, path));
    if (!branches.some((b) => b.length === 0))
      errors.push(`${path}: no anyOf branch matches (${branches.flat().join('; ')})`);
  }
  if (schema.type !== undefined) {
    const types = [schema.type].flat() as string[];
    const actual =
      value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
    if (!types.some((t) => t === actual || (t === 'number' && actual === 'integer')))
      return [...errors, `${path}: expected ${types.join('|')}, got ${actual}`];
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) errors.push(`${path}: not in enum`);
  if (typeof schema.minLength === 'number' && typeof value === 'string' && value.length < schema.minLength)
    errors.push(`${path}: too short`);
  if (typeof schema.maxItems === 'number' && Array.isArray(value) && value.length > schema.maxItems)
    errors.push(`${path}: too many items`);
  if (Array.isArray(value) && schema.items)
    value.forEach((item, i) => errors.push(...validate(schema.items as Node, item, `${path}[${i}]`)));
  if (schema.type === 'object' && value && typeof value === 'object' && !Array.isArray(value)) {
    for (const key of (schema.required as string[] | undefined) ?? [])
      if (!(key in value)) errors.push(`${path}.${key}: required`);
    for (const [key, sub] of Object.entries((schema.properties as Record<string, Node> | undefined) ?? {})) {
      if (key in value) errors.push(...validate(sub, (value as Node)[key], `${path}.${key}`));
    }
  }
  return errors;
}

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
    const undocumented = Object.entries(properties)
      .filter(([, p]) => typeof p.description !== 'string')
      .map(([k]) => k);
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

  it('accepts the Fusion fixtures and rejects what the parser rejects', () => {
    const dir = fileURLToPath(new URL('../../../fixtures/fusion/', import.meta.url));
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.task.json'))) {
      expect(validate(schema, JSON.parse(readFileSync(join(dir, name), 'utf8')))).toEqual([]);
    }
    const bad = { id: 'X-1', workflowStepResults: [{ workflowStepId: 'tests', status: 'green' }] };
    expect(TaskSchema.safeParse(bad).success).toBe(false);
    expect(validate(schema, bad)).not.toEqual([]);
    expect(validate(schema, { title: 'no id' })).toEqual(['$.id: required']);
  });

  it('serialises to JSON without zod safe-integer noise', () => {
    expect(JSON.stringify(schema)).not.toContain('9007199254740991');
  });
});
