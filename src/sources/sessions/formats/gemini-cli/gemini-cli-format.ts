import { join } from 'node:path';
import { findGeminiSessions, readGeminiSession } from '../../read-gemini-session.js';
import { SESSION_FORMAT_SPEC, type SessionFormat } from '../../session-format.js';

/** Gemini CLI: chats under `~/.gemini/tmp/<hash of the project's path>/chats/`. */
export const geminiCliFormat: SessionFormat = {
  spec: SESSION_FORMAT_SPEC,
  agent: 'gemini-cli',
  label: 'Gemini CLI',
  provider: 'google',
  async discover(places) {
    const home =
      places.geminiHome === undefined ? (places.home ? join(places.home, '.gemini') : null) : places.geminiHome;
    return home ? findGeminiSessions(home, places.repoDirs, places.onFile) : {};
  },
  read: (session) => readGeminiSession(session.path),
};
