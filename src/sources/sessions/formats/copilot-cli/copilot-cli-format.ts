import { join } from 'node:path';
import { SESSION_FORMAT_SPEC, type SessionFormat } from '../../session-format.js';
import type { AgentSessionFile } from '../../agent-session-file.js';
import { copilotEventFiles, readCopilotSession, scanCopilotSession } from './read-copilot-session.js';

/** GitHub Copilot CLI: `~/.copilot/session-state/<id>/events.jsonl` (or `<id>.jsonl`; `$COPILOT_HOME` when set). */
export const copilotCliFormat: SessionFormat = {
  spec: SESSION_FORMAT_SPEC,
  agent: 'copilot-cli',
  label: 'Copilot CLI',
  // Copilot CLI runs several providers' models.
  provider: null,
  async discover(places) {
    const home = places.copilotHome ?? (places.home ? join(places.home, '.copilot') : null);
    if (!home) return {};
    const files = await copilotEventFiles(join(home, 'session-state'));
    const sessions: AgentSessionFile[] = [];
    for (const path of files) {
      const session = await scanCopilotSession(path);
      places.onFile?.();
      if (session?.cwd && places.ranIn(session.cwd)) sessions.push(session);
    }
    return { sessions, scanned: files.length };
  },
  read: (session) => readCopilotSession(session.path),
};
