import { join } from 'node:path';
import { SESSION_FORMAT_SPEC, type SessionFormat } from '../../session-format.js';
import { list } from '../../session-places.js';
import type { AgentSessionFile } from '../../agent-session-file.js';
import { piProjectFolder, readPiSession, scanPiSession } from './read-pi-session.js';

/** pi: `~/.pi/agent/sessions/--<path>--/<time>_<uuid>.jsonl` (`$PI_CODING_AGENT_DIR/sessions` when set). */
export const piFormat: SessionFormat = {
  spec: SESSION_FORMAT_SPEC,
  agent: 'pi',
  label: 'pi',
  // pi runs anyone's models.
  provider: null,
  async discover(places) {
    const root = places.piAgentDir ?? (places.home ? join(places.home, '.pi', 'agent') : null);
    if (!root) return {};
    const sessions: AgentSessionFile[] = [];
    let scanned = 0;
    for (const dir of places.repoDirs) {
      const folder = join(root, 'sessions', piProjectFolder(dir));
      for (const name of (await list(folder)).sort()) {
        if (!name.endsWith('.jsonl')) continue;
        scanned += 1;
        const session = await scanPiSession(join(folder, name));
        places.onFile?.();
        if (session?.cwd && places.ranIn(session.cwd)) sessions.push(session);
      }
    }
    return { sessions, scanned };
  },
  read: (session) => readPiSession(session.path),
};
