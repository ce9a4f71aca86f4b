import type { AgentRule } from './agent-rules.js';

/** A rule as a row of docs/sources.md's table; the docs test builds the table from the rules with this. */
export function agentRuleRow(rule: AgentRule): string {
  const cell = (s: string) => s.replaceAll('|', '\\|');
  return `| ${rule.on} | \`${cell(rule.pattern)}\` | ${rule.agent} | ${rule.model ? cell(rule.model) : ''} |`;
}
