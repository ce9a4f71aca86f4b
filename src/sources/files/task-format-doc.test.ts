import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TaskSchema } from '../../core/index.js';

const doc = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../../docs/task-format.md'), 'utf8');

describe('docs/task-format.md', () => {
  it('holds an example record that is a valid task', () => {
    const example = /```json\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(example).toBeDefined();
    expect(TaskSchema.safeParse(JSON.parse(example!)).error?.issues ?? []).toEqual([]);
  });

  it('documents every field of the task model', () => {
    const missing = Object.keys(TaskSchema.shape).filter((field) => !doc.includes(`| \`${field}\` |`));
    expect(missing).toEqual([]);
  });
});
