/** Names agents are known by, lower-cased, to the short name taskeval uses for each. */
const AGENT_ALIASES: ReadonlyMap<string, string> = new Map([
  ['claude-code', 'claude'],
  ['claude code', 'claude'],
  ['claude_code', 'claude'],
  ['anthropic', 'claude'],
  ['openai-codex', 'codex'],
  ['openai codex', 'codex'],
  ['codex-cli', 'codex'],
  ['codex cli', 'codex'],
  ['github copilot', 'copilot'],
  ['copilot-swe-agent', 'copilot'],
  ['copilot cli', 'copilot'],
  ['gemini cli', 'gemini'],
  ['gemini-cli', 'gemini'],
  ['gemini code assist', 'gemini'],
  ['cursor agent', 'cursor'],
  ['cursor-agent', 'cursor'],
  ['devin ai', 'devin'],
  ['google jules', 'jules'],
  ['opendevin', 'openhands'],
  ['all-hands', 'openhands'],
  ['factory droid', 'droid'],
  ['factory-droid', 'droid'],
  ['sourcegraph amp', 'amp'],
  ['swe-agent', 'swe-agent'],
  ['mini-swe-agent', 'mini-swe-agent'],
]);

const MAX_AGENT_CHARS = 200;

/**
 * The short lower-case name of an agent (`Claude Code` → `claude`, `claude-code` → `claude`); a name it
 * does not know is kept as given, trimmed, so an orchestrator's own agent names survive. Null for blank.
 */
export function canonicalAgentName(name: string | null | undefined): string | null {
  const trimmed = name?.trim();
  if (!trimmed) return null;
  const lower = trimmed
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\[bot\]$/, '');
  const known = AGENT_ALIASES.get(lower);
  if (known) return known;
  // A bare known short name in any case (`Claude`, `CODEX`) is that name.
  if (/^[a-z][a-z0-9-]*$/.test(lower) && KNOWN_AGENTS.has(lower)) return lower;
  return trimmed.slice(0, MAX_AGENT_CHARS);
}

/** The short names the default rules give, for docs and for recognising them in any case. */
export const KNOWN_AGENTS: ReadonlySet<string> = new Set([
  'claude',
  'codex',
  'copilot',
  'devin',
  'aider',
  'cursor',
  'gemini',
  'jules',
  'amp',
  'openhands',
  'droid',
  'opencode',
  'amazonq',
  'dependabot',
  'renovate',
  'swe-agent',
  'mini-swe-agent',
  'pi',
]);

/**
 * A model id as its provider writes it, from the words a commit or session used: `Opus 4.5` under Claude is
 * `claude-opus-4-5`, `openai/gpt-4o` is `gpt-4o`, `Gemini 2.5 Flash` is `gemini-2.5-flash`. Notes in
 * parentheses (`(1M context)`) are dropped. Null when nothing is left.
 */
export function canonicalModelId(text: string | null | undefined): string | null {
  let s = text?.trim().toLowerCase() ?? '';
  s = s
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .trim();
  // A router's provider prefixes (`openrouter/deepseek/deepseek-r1:free`) name hosts, not the model; `:free` a price tier.
  if (s.includes('/')) s = s.slice(s.lastIndexOf('/') + 1);
  s = s.replace(/:(?:free|beta|extended|nitro|floor)$/, '');
  s = s
    .replace(/[\s_]+/g, '-')
    .replace(/[^a-z0-9.:-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  // Anthropic writes versions with dashes (claude-opus-4-5); others keep their dots (gpt-4.1, gemini-2.5-pro).
  if (s.startsWith('claude')) s = s.replace(/\./g, '-');
  return s.length > 0 && /[a-z]/.test(s) ? s.slice(0, MAX_AGENT_CHARS) : null;
}

/** The provider whose models an id names, where the id says it; null otherwise. */
export function modelProviderOf(modelId: string | null): string | null {
  if (!modelId) return null;
  if (modelId.startsWith('claude')) return 'anthropic';
  if (/^(?:gpt|o\d|codex|chatgpt)/.test(modelId)) return 'openai';
  if (modelId.startsWith('gemini')) return 'google';
  return null;
}
