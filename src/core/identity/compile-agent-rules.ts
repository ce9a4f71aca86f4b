import { compileUserPattern, trustedPattern, type TextPattern } from '../patterns/compile-user-pattern.js';
import { DEFAULT_AGENT_RULES, type AgentRule, type AgentRuleField } from './agent-rules.js';

/** A rule ready to match: its pattern compiled once, case-insensitive. */
export interface CompiledAgentRule {
  on: AgentRuleField;
  re: TextPattern;
  agent: string;
  model: string | null;
}

/**
 * The user's rules (config `sources.agents`) first, so they win, then the defaults. A user's pattern runs on the
 * linear-time engine (any contributor's commit is matched against it); the code's own run natively.
 */
export function compileAgentRules(
  userRules: readonly AgentRule[] = [],
  defaults: readonly AgentRule[] = DEFAULT_AGENT_RULES,
): CompiledAgentRule[] {
  const compiled = (r: AgentRule, re: TextPattern): CompiledAgentRule => ({
    on: r.on,
    re,
    agent: r.agent,
    model: r.model ?? null,
  });
  return [
    ...userRules.map((r) => compiled(r, compileUserPattern(r.pattern, { ignoreCase: true }))),
    ...defaults.map((r) => compiled(r, trustedPattern(new RegExp(r.pattern, 'i')))),
  ];
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
