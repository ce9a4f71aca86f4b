import { join } from 'node:path';
import { readCodexRollout } from '../../read-codex-rollout.js';
import { walkSessionFiles } from '../../session-places.js';
import { SESSION_FORMAT_SPEC, type SessionFormat } from '../../session-format.js';

/** Codex CLI: rollouts under `$CODEX_HOME/sessions` and `archived_sessions` (default `~/.codex`), plain or `.zst`. */
export const codexFormat: SessionFormat = {
  spec: SESSION_FORMAT_SPEC,
  agent: 'codex',
  label: 'Codex',
  provider: 'openai',
  async discover(places) {
    const home = places.codexHome === undefined ? (places.home ? join(places.home, '.codex') : null) : places.codexHome;
    if (!home) return {};
    const files: string[] = [];
    for (const tree of ['sessions', 'archived_sessions']) files.push(...(await walkSessionFiles(join(home, tree))));
    return { files };
  },
  read: (session) => readCodexRollout(session.path),
};
