import { join } from 'node:path';
import { SESSION_FORMAT_SPEC, type SessionFormat } from '../../session-format.js';
import { findOpencodeSessions, readOpencodeSession } from './read-opencode-session.js';

/** OpenCode's storage: `$XDG_DATA_HOME/opencode/storage` (default `~/.local/share/opencode/storage`). */
export function opencodeStorage(home: string | null, dataHome?: string | null): string | null {
  if (dataHome) return join(dataHome, 'opencode', 'storage');
  return home ? join(home, '.local', 'share', 'opencode', 'storage') : null;
}

/** OpenCode: a session file a conversation, its messages and their parts in folders beside it. */
export const opencodeFormat: SessionFormat = {
  spec: SESSION_FORMAT_SPEC,
  agent: 'opencode',
  label: 'OpenCode',
  // OpenCode runs anyone's models.
  provider: null,
  async discover(places) {
    const storage = opencodeStorage(places.home, places.xdgDataHome);
    return storage ? findOpencodeSessions(storage, places.ranIn, places.onFile) : {};
  },
  read: (session) => readOpencodeSession(session.path),
};
