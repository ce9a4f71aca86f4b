import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AIDER_HISTORY_FILE, readAiderSession, scanAiderHistory } from '../../read-aider-history.js';
import { SESSION_FORMAT_SPEC, type SessionFormat } from '../../session-format.js';
import type { AgentSessionFile } from '../../agent-session-file.js';

/** Aider: `.aider.chat.history.md` in the repository and each worktree, one session per `# aider chat started at`. */
export const aiderFormat: SessionFormat = {
  spec: SESSION_FORMAT_SPEC,
  agent: 'aider',
  label: 'Aider',
  // Aider runs anyone's models.
  provider: null,
  async discover(places) {
    const sessions: AgentSessionFile[] = [];
    let scanned = 0;
    for (const dir of places.repoDirs) {
      const path = join(dir, AIDER_HISTORY_FILE);
      if (!(await stat(path).catch(() => null))?.isFile()) continue;
      scanned += 1;
      sessions.push(...(await scanAiderHistory(path).catch(() => [])).map((s) => ({ ...s, cwd: dir })));
    }
    return { sessions, scanned };
  },
  read: (session) => readAiderSession(session.path, session.segment ?? 0),
};
