import type { SessionAgent } from '../agent-session-file.js';
import type { SessionFormat } from '../session-format.js';
import { aiderFormat } from './aider/aider-format.js';
import { claudeCodeFormat } from './claude-code/claude-code-format.js';
import { codexFormat } from './codex/codex-format.js';
import { geminiCliFormat } from './gemini-cli/gemini-cli-format.js';
import { otlpFormat } from './otlp/otlp-format.js';
import { opencodeFormat } from './opencode/opencode-format.js';
import { piFormat } from './pi/pi-format.js';
import { copilotCliFormat } from './copilot-cli/copilot-cli-format.js';
import { cursorFormat } from './cursor/cursor-format.js';

export { claudeConfigDirs, claudeProjectSlug, CLAUDE_SLUG_MAX } from './claude-code/claude-code-format.js';

// One line an agent, keyed by its name so the compiler holds every agent to a format; reports list them in this order.
const BY_AGENT: Record<SessionAgent, SessionFormat> = {
  'claude-code': claudeCodeFormat,
  codex: codexFormat,
  'gemini-cli': geminiCliFormat,
  opencode: opencodeFormat,
  'copilot-cli': copilotCliFormat,
  pi: piFormat,
  cursor: cursorFormat,
  aider: aiderFormat,
  otlp: otlpFormat,
};

/** Every agent whose sessions taskeval reads. */
export const SESSION_FORMATS: readonly SessionFormat[] = Object.values(BY_AGENT);

/** The format of an agent's sessions. */
export function sessionFormat(agent: SessionAgent): SessionFormat {
  return BY_AGENT[agent];
}
