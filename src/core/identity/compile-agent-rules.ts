import { DEFAULT_AGENT_RULES, type AgentRule, type AgentRuleField } from './agent-rules.js';

/** A rule ready to match: its pattern compiled once, case-insensitive. */
export interface CompiledAgentRule {
  on: AgentRuleField;
  re: RegExp;
  agent: string;
  model: string | null;
}

/** The user's rules (config `sources.agents`) first, so they win, then the defaults. */
export function compileAgentRules(
  userRules: readonly AgentRule[] = [],
  defaults: readonly AgentRule[] = DEFAULT_AGENT_RULES,
): CompiledAgentRule[] {
  return [...userRules, ...defaults].map((r) => ({
    on: r.on,
    re: new RegExp(r.pattern, 'i'),
    agent: r.agent,
    model: r.model ?? null,
  }));
}

/**
 * A template with the match's groups filled in (`$1`, `$<name>`); null when it names a group the match
 * did not fill, so `claude $<model>` without a model gives no model rather than the word `claude`.
 */
export function expandTemplate(template: string, match: RegExpExecArray): string | null {
  let missing = false;
  const out = template.replace(
    /\$(?:<([A-Za-z_][A-Za-z0-9_]*)>|(\d))/g,
    (_, name: string | undefined, index: string | undefined) => {
      const value = name !== undefined ? match.groups?.[name] : match[Number(index)];
      if (value === undefined || value.trim() === '') missing = true;
      return value ?? '';
    },
  );
  return missing ? null : out;
}
