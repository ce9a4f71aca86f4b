import { describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

describe('taskeval schema', () => {
  it('prints the task JSON Schema as JSON', async () => {
    const io = captureIo(process.cwd());
    expect(await runCli(['schema', 'task'], io)).toBe(0);
    const schema = JSON.parse(io.out()) as {
      $schema: string;
      required: string[];
      properties: Record<string, { description?: string }>;
    };
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.required).toEqual(['id']);
    expect(schema.properties.workflowStepResults?.description).toMatch(/passed\|failed\|skipped\|pending/);
  });

  it("prints the judge answer's JSON Schema for command judges: three categories, integer scores, cited ids", async () => {
    const io = captureIo(process.cwd());
    expect(await runCli(['schema', 'judge-answer'], io)).toBe(0);
    const schema = JSON.parse(io.out()) as {
      required: string[];
      properties: { categories: { required: string[]; properties: Record<string, { properties: object }> } };
    };
    expect(schema.required).toEqual(['categories', 'overallRationale']);
    expect(schema.properties.categories.required).toEqual([
      'agentPerformance',
      'taskOutcomeQuality',
      'processCompliance',
    ]);
    expect(schema.properties.categories.properties.agentPerformance!.properties).toMatchObject({
      score: { type: 'integer', minimum: 0, maximum: 100 },
      evidence: { type: 'array', minItems: 1 },
    });
  });

  it('exits 2 naming the schemas there are for an unknown name', async () => {
    const io = captureIo(process.cwd());
    expect(await runCli(['schema', 'result'], io)).toBe(2);
    expect(io.err()).toContain('unknown schema "result"');
    expect(io.err()).toContain('Choose one of: task');
  });
});
