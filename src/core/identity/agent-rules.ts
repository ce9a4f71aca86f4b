import { z } from 'zod';
import { UserPatternSchema } from '../patterns/user-pattern-schema.js';

/** What part of a commit (or task) a rule's pattern is matched against. */
export const AGENT_RULE_FIELDS = ['trailer', 'author', 'committer', 'subject', 'body', 'branch'] as const;
export type AgentRuleField = (typeof AGENT_RULE_FIELDS)[number];

/**
 * One rule of who-did-it: a case-insensitive pattern on one field, the agent it names and, optionally, a
 * model template. Templates take the pattern's groups: `$1`, `$<name>`; the result is canonicalised.
 */
export const AgentRuleSchema = z.strictObject({
  /** trailer: each `Key: value` trailer line; author and committer: `Name <email>`; subject; body; branch: the task's branch and branches named by the merges that brought its commits in. */
  on: z.enum(AGENT_RULE_FIELDS),
  pattern: UserPatternSchema,
  /** The agent's short name, or a template such as `$<agent>`. */
  agent: z.string().min(1).max(200),
  model: z.string().min(1).max(200).optional(),
});

export type AgentRule = z.output<typeof AgentRuleSchema>;

/** The rules taskeval knows, in the order they are tried; docs/sources.md lists them, and a test keeps the two in step. */
export const DEFAULT_AGENT_RULES: readonly AgentRule[] = Object.freeze([
  // Claude Code: `Co-Authored-By: Claude <noreply@anthropic.com>`, newer ones name the model (`Claude Opus 4.6`,
  // and names the rules cannot know yet: `Claude Fable 5`); `Claude Code` names the agent, not a model.
  {
    on: 'trailer',
    pattern: String.raw`^co-authored-by:\s*claude(?:\s+(?<model>(?!code\b)[a-z0-9][^<]*?))?\s*<`,
    agent: 'claude',
    model: 'claude $<model>',
  },
  // The trailers projects ask of AI help (`Assisted-by: Claude:claude-opus-4-6`, `Generated-by: GitHub Copilot`,
  // `Co-developed-by: Claude Opus 4.6 <…>`), with a model where they name one.
  {
    on: 'trailer',
    pattern: String.raw`^(?:assisted|generated|co-developed)-by:\s*(?:anthropic\s+)?claude(?:\s+code)?(?:[\s:/-]+(?:claude[\s-])?(?<model>(?!code\b)[a-z0-9][^<]*?))?\s*(?:<|$)`,
    agent: 'claude',
    model: 'claude $<model>',
  },
  {
    on: 'trailer',
    pattern: String.raw`^(?:assisted|generated|co-developed)-by:\s*(?:github\s+|openai\s+|google\s+|factory\s+)?(?<agent>codex|copilot|cursor|aider|devin|jules|amp|opencode|openhands|droid)(?:\s+(?:cli|agent))?(?:[\s:/-]+(?<model>[a-z0-9][^<]*?))?\s*(?:<|$)`,
    agent: '$<agent>',
    model: '$<model>',
  },
  {
    on: 'trailer',
    pattern: String.raw`^(?:assisted|generated|co-developed)-by:\s*(?:google\s+)?gemini(?:\s+(?:cli|code assist))?(?:[\s:/-]+(?:gemini[\s-])?(?<model>\d[^<]*?))?\s*(?:<|$)`,
    agent: 'gemini',
    model: 'gemini $<model>',
  },
  { on: 'trailer', pattern: String.raw`^co-authored-by:.*<noreply@anthropic\.com>`, agent: 'claude' },
  {
    on: 'trailer',
    pattern: String.raw`^co-authored-by:\s*amp\s*<|<amp@ampcode\.com>|^amp-thread(?:-id)?:`,
    agent: 'amp',
  },
  {
    on: 'trailer',
    pattern: String.raw`^co-authored-by:\s*(?:cursor|cursor-ai|cursor agent)\s*<|cursoragent@cursor\.com|<sos@cursor\.sh>|^made-with:\s*cursor`,
    agent: 'cursor',
  },
  {
    on: 'trailer',
    pattern: String.raw`^co-authored-by:\s*aider\b(?:\s*\((?<model>[^)]+)\))?|<(?:noreply|aider)@aider\.(?:chat|dev)>`,
    agent: 'aider',
    model: '$<model>',
  },
  { on: 'trailer', pattern: String.raw`^co-authored-by:\s*openhands\b|openhands@all-hands\.dev`, agent: 'openhands' },
  {
    on: 'trailer',
    pattern: String.raw`^co-authored-by:\s*(?:openai\s+)?codex\s*<|<codex@openai\.com>|chatgpt-codex-connector`,
    agent: 'codex',
  },
  {
    on: 'trailer',
    pattern: String.raw`^co-authored-by:\s*gemini(?:[\s-]+(?:cli|code assist|code-assist))?(?:\s+(?<model>\d[^<(]*?))?\s*(?:\([^)]*\)\s*)?(?:<|$)|gemini-code-assist\[bot\]`,
    agent: 'gemini',
    model: 'gemini $<model>',
  },
  {
    on: 'trailer',
    pattern: String.raw`^co-authored-by:\s*(?:github\s+)?copilot\s*<|copilot@users\.noreply\.github\.com|copilot-swe-agent|^agent-logs-url:`,
    agent: 'copilot',
  },
  {
    on: 'trailer',
    pattern: String.raw`^co-authored-by:.*google-labs-jules|^co-authored-by:\s*jules\s*<`,
    agent: 'jules',
  },
  {
    on: 'trailer',
    pattern: String.raw`^co-authored-by:.*devin-ai-integration|^co-authored-by:\s*devin(?:\s+ai)?\s*<|<[^>]*@cognition\.ai>`,
    agent: 'devin',
  },
  {
    on: 'trailer',
    pattern: String.raw`^co-authored-by:.*factory-droid|^co-authored-by:\s*(?:factory\s+)?droid\s*<`,
    agent: 'droid',
  },
  { on: 'trailer', pattern: String.raw`^co-authored-by:\s*opencode\s*<`, agent: 'opencode' },
  // Entire names the agent on its checkpoint commits (`Entire-Agent: Claude Code`).
  { on: 'trailer', pattern: String.raw`^entire-agent:\s*(?<agent>\S.*)$`, agent: '$<agent>' },
  // Bots that open pull requests and commit as themselves.
  {
    on: 'author',
    pattern: String.raw`copilot-swe-agent\[bot\]|^copilot <[^>]*copilot@users\.noreply\.github\.com>`,
    agent: 'copilot',
  },
  { on: 'author', pattern: String.raw`devin-ai-integration\[bot\]|^devin ai <`, agent: 'devin' },
  { on: 'author', pattern: String.raw`chatgpt-codex-connector\[bot\]|^codex(?: agent)? <`, agent: 'codex' },
  { on: 'author', pattern: String.raw`google-labs-jules\[bot\]`, agent: 'jules' },
  { on: 'author', pattern: String.raw`^cursor(?:\[bot\]| agent)? <|cursoragent@cursor\.com`, agent: 'cursor' },
  { on: 'author', pattern: String.raw`\(aider\)\s*<`, agent: 'aider' },
  { on: 'author', pattern: String.raw`openhands-agent|^openhands <|openhands@all-hands\.dev`, agent: 'openhands' },
  { on: 'author', pattern: String.raw`^claude(?:\[bot\])? <`, agent: 'claude' },
  { on: 'author', pattern: String.raw`factory-droid\[bot\]`, agent: 'droid' },
  { on: 'author', pattern: String.raw`amazon-q-developer\[bot\]`, agent: 'amazonq' },
  { on: 'author', pattern: String.raw`gemini-code-assist\[bot\]`, agent: 'gemini' },
  { on: 'author', pattern: String.raw`dependabot\[bot\]`, agent: 'dependabot' },
  { on: 'author', pattern: String.raw`renovate\[bot\]`, agent: 'renovate' },
  { on: 'committer', pattern: String.raw`copilot-swe-agent\[bot\]`, agent: 'copilot' },
  { on: 'committer', pattern: String.raw`devin-ai-integration\[bot\]`, agent: 'devin' },
  { on: 'committer', pattern: String.raw`google-labs-jules\[bot\]`, agent: 'jules' },
  { on: 'committer', pattern: String.raw`\(aider\)\s*<`, agent: 'aider' },
  // Footers some agents write above the trailers.
  { on: 'body', pattern: String.raw`generated with \[?claude code\b`, agent: 'claude' },
  { on: 'body', pattern: String.raw`generated with \[?devin\b`, agent: 'devin' },
  { on: 'body', pattern: String.raw`generated with \[?(?:openai )?codex\b`, agent: 'codex' },
  { on: 'body', pattern: String.raw`generated with \[?amp\b`, agent: 'amp' },
  { on: 'body', pattern: String.raw`generated with \[?opencode\b`, agent: 'opencode' },
  { on: 'body', pattern: String.raw`generated with \[?gemini(?: cli)?\b`, agent: 'gemini' },
  { on: 'body', pattern: String.raw`generated with \[?cursor\b`, agent: 'cursor' },
  { on: 'body', pattern: String.raw`generated (?:with|by) \[?(?:github )?copilot\b`, agent: 'copilot' },
  { on: 'body', pattern: String.raw`generated (?:with|by) \[?(?:google )?jules\b`, agent: 'jules' },
  { on: 'body', pattern: String.raw`generated (?:with|by) \[?(?:factory )?droid\b`, agent: 'droid' },
  // Branches that agents name after themselves, as merge subjects and task records show them.
  { on: 'branch', pattern: String.raw`^codex[/-]`, agent: 'codex' },
  { on: 'branch', pattern: String.raw`^copilot[/-]`, agent: 'copilot' },
  { on: 'branch', pattern: String.raw`^claude[/-]`, agent: 'claude' },
  { on: 'branch', pattern: String.raw`^cursor[/-]`, agent: 'cursor' },
  { on: 'branch', pattern: String.raw`^devin[/-]`, agent: 'devin' },
  { on: 'branch', pattern: String.raw`^jules[/-]`, agent: 'jules' },
  { on: 'branch', pattern: String.raw`^openhands[/-]`, agent: 'openhands' },
  { on: 'branch', pattern: String.raw`^gemini[/-]`, agent: 'gemini' },
  { on: 'subject', pattern: String.raw`^aider: `, agent: 'aider' },
] satisfies AgentRule[]);
