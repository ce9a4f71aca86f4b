import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { agentRuleRow } from './agent-rule-row.js';
import { AgentRuleSchema, DEFAULT_AGENT_RULES } from './agent-rules.js';

const docs = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../../docs/sources.md'), 'utf8');

describe('docs/sources.md who-did-the-work rules', () => {
  it('lists every built-in rule, in the order they are tried, and no other', () => {
    const start = docs.indexOf('### Built-in rules');
    expect(start).toBeGreaterThan(0);
    const rows = docs
      .slice(start)
      .split('\n')
      .filter((line) => /^\| (trailer|author|committer|subject|body|branch) \|/.test(line));
    expect(rows).toEqual(DEFAULT_AGENT_RULES.map(agentRuleRow));
  });

  it('shows a config example that the rule schema accepts', () => {
    const example = /```json\n(\{ "sources": \{ "agents": [\s\S]*?)\n```/.exec(docs);
    expect(example).not.toBeNull();
    const rules = JSON.parse(example![1]!).sources.agents as unknown[];
    for (const rule of rules) expect(AgentRuleSchema.safeParse(rule).success).toBe(true);
  });
});
