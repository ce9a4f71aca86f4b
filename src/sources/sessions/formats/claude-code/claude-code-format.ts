import { join, resolve } from 'node:path';
import { readTranscript } from '../../../transcripts/index.js';
import { list } from '../../session-places.js';
import { SESSION_FORMAT_SPEC, type SessionFormat } from '../../session-format.js';

/** Claude Code names a project's folder after its path with every character but letters and digits as `-`. */
export function claudeProjectSlug(dir: string): string {
  return dir.replace(/[^A-Za-z0-9]/g, '-');
}

/** Longer slugs are cut to this many characters and given a hash of the path after a `-`. */
export const CLAUDE_SLUG_MAX = 200;

/** Where Claude Code keeps its projects: `$CLAUDE_CONFIG_DIR`, then `~/.claude` and `~/.config/claude`. */
export function claudeConfigDirs(home: string | null, configDir?: string | null): string[] {
  const dirs = [
    ...(configDir ? [configDir] : []),
    ...(home ? [join(home, '.claude'), join(home, '.config', 'claude')] : []),
  ];
  return [...new Set(dirs.map((d) => resolve(d)))];
}

/** A project folder of `projects` for the slug: its own name, or its shortened name with any hash. */
function slugFolders(names: readonly string[], slug: string): string[] {
  if (slug.length <= CLAUDE_SLUG_MAX) return names.includes(slug) ? [slug] : [];
  const cut = `${slug.slice(0, CLAUDE_SLUG_MAX)}-`;
  return names.filter((n) => n === slug || n.startsWith(cut));
}

/** Claude Code: `projects/<slug>/*.jsonl` in each config directory; subagents are read with their session. */
export const claudeCodeFormat: SessionFormat = {
  spec: SESSION_FORMAT_SPEC,
  agent: 'claude-code',
  label: 'Claude Code',
  provider: 'anthropic',
  async discover(places) {
    const files: string[] = [];
    for (const config of claudeConfigDirs(places.home, places.claudeConfigDir)) {
      const projects = join(config, 'projects');
      const folders = await list(projects);
      for (const dir of places.repoDirs)
        for (const folder of slugFolders(folders, claudeProjectSlug(dir)))
          for (const name of await list(join(projects, folder)))
            if (name.endsWith('.jsonl')) files.push(join(projects, folder, name));
    }
    return { files };
  },
  read: (session) => readTranscript(session.path),
};
