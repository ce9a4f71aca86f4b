import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { AgentSessionFile } from '../../agent-session-file.js';
import { SESSION_FORMAT_SPEC, type SessionFormat } from '../../session-format.js';
import { list } from '../../session-places.js';
import { readCursorSession, scanCursorChat } from './read-cursor-session.js';

/** Chats one project folder may hold: more are left unread. */
const MAX_CHATS = 5_000;

/** The folder Cursor keeps a project's chats in: the MD5 of the project's absolute path. */
export function cursorWorkspaceHash(dir: string): string {
  return createHash('md5').update(dir).digest('hex');
}

/** Cursor's agent (CLI and editor agent): `~/.cursor/chats/<md5 of the project path>/<chat id>/store.db`. */
export const cursorFormat: SessionFormat = {
  spec: SESSION_FORMAT_SPEC,
  agent: 'cursor',
  label: 'Cursor',
  // Cursor runs anyone's models.
  provider: null,
  async discover(places) {
    if (!places.home) return {};
    const sessions: AgentSessionFile[] = [];
    let scanned = 0;
    for (const dir of new Set(places.repoDirs)) {
      const folder = join(places.home, '.cursor', 'chats', cursorWorkspaceHash(dir));
      for (const chat of (await list(folder)).sort().slice(0, MAX_CHATS)) {
        scanned += 1;
        const session = await scanCursorChat(join(folder, chat, 'store.db'), dir);
        places.onFile?.();
        if (session) sessions.push(session);
      }
    }
    return { sessions, scanned };
  },
  read: (session) => readCursorSession(session),
};
