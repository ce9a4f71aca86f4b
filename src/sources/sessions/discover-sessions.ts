import { readdir, realpath, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { AgentSessionFile } from './agent-session-file.js';
import { AIDER_HISTORY_FILE, scanAiderHistory } from './read-aider-history.js';
import { scanSessionFile } from './scan-session-file.js';
import { readOtlpSessions } from './read-otlp-sessions.js';
import { findGeminiSessions } from './read-gemini-session.js';

export interface DiscoverSessionsOptions {
  /** The repository and its worktrees: a session belongs here when it ran in one of them (or below). */
  repoDirs: readonly string[];
  /** This user's home: Claude Code keeps `~/.claude/projects/<slug>/` (or `~/.config/claude/...`); null searches no home. */
  home: string | null;
  /** Claude Code's `$CLAUDE_CONFIG_DIR`, searched before the home's defaults. */
  claudeConfigDir?: string | null;
  /** Codex's home (`$CODEX_HOME`, default `~/.codex`); its `sessions/` and `archived_sessions/` trees are searched. */
  codexHome?: string | null;
  /** More places to search (`--sessions DIR`, the config's `sessions.dirs`): every .jsonl below them. */
  dirs?: readonly string[];
  /**
   * OpenTelemetry exports, or directories of them (`--otlp`, what `taskeval serve` received): a session there that
   * names no working directory is taken to have run here, as the user pointed at it; a missing path is skipped.
   */
  otlp?: readonly string[];
  /** Gemini CLI's home (default `~/.gemini`): chats of the repository's directories under `tmp/<hash>/chats/`. */
  geminiHome?: string | null;
}

/** Session files found, every one scanned; `inRepo` are those that ran in the repository. */
export interface DiscoveredSessions {
  scanned: number;
  inRepo: AgentSessionFile[];
}

const SCAN_AT_ONCE = 8;
const MAX_DEPTH = 6;

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

/** Session files are JSONL, Codex's compressed ones JSONL with zstd. */
const isSessionFile = (name: string) => name.endsWith('.jsonl') || name.endsWith('.jsonl.zst');

/**
 * Finds the agent sessions that ran in the repository: Claude Code's project folders for the repository's
 * paths (in each of its config directories), Codex's rollouts (archived and compressed too), and any named
 * directory. Read-only; only the given home is looked in.
 */
export async function discoverSessions(options: DiscoverSessionsOptions): Promise<DiscoveredSessions> {
  const repos = await Promise.all(
    options.repoDirs.map(async (d) => (await realpath(d).catch(() => resolve(d))).replace(/[\\/]+$/, '')),
  );
  const files = new Set<string>();
  for (const config of claudeConfigDirs(options.home, options.claudeConfigDir)) {
    const projects = join(config, 'projects');
    const folders = await list(projects);
    for (const dir of new Set([...options.repoDirs, ...repos]))
      for (const folder of slugFolders(folders, claudeProjectSlug(dir)))
        for (const name of await list(join(projects, folder)))
          if (name.endsWith('.jsonl')) files.add(join(projects, folder, name));
  }
  const codexHome =
    options.codexHome === undefined ? (options.home ? join(options.home, '.codex') : null) : options.codexHome;
  if (codexHome)
    for (const tree of ['sessions', 'archived_sessions'])
      for (const path of await walk(join(codexHome, tree), 0)) files.add(path);
  for (const dir of options.dirs ?? []) for (const path of await walk(resolve(dir), 0)) files.add(path);

  const paths = [...files].sort();
  const scanned: (AgentSessionFile | null)[] = new Array(paths.length).fill(null);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(SCAN_AT_ONCE, paths.length) }, async () => {
      while (next < paths.length) {
        const i = next++;
        scanned[i] = await scanSessionFile(paths[i]!);
      }
    }),
  );
  const inRepo = scanned.filter(
    (s): s is AgentSessionFile => s !== null && s.cwd !== null && ranIn(s.cwd, repos, options.repoDirs),
  );
  // Aider keeps its history in the repository (or worktree) it ran in.
  let aiderFiles = 0;
  for (const dir of new Set(repos)) {
    const path = join(dir, AIDER_HISTORY_FILE);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) continue;
    aiderFiles += 1;
    const sessions = await scanAiderHistory(path).catch(() => []);
    inRepo.push(...sessions.map((s) => ({ ...s, cwd: dir })));
  }
  const geminiHome =
    options.geminiHome === undefined ? (options.home ? join(options.home, '.gemini') : null) : options.geminiHome;
  const gemini = geminiHome
    ? await findGeminiSessions(geminiHome, [...new Set([...options.repoDirs, ...repos])])
    : null;
  if (gemini) inRepo.push(...gemini.sessions);
  let otlpFiles = 0;
  for (const path of await otlpExports(options.otlp ?? [])) {
    otlpFiles += 1;
    for (const s of await readOtlpSessions(path))
      if (s.cwd === null || ranIn(s.cwd, repos, options.repoDirs)) inRepo.push(s);
  }
  return { scanned: paths.length + aiderFiles + otlpFiles + (gemini?.scanned ?? 0), inRepo };
}

/** The export files named: a file itself, a directory's .json and .jsonl files (not below), a missing path none. */
async function otlpExports(paths: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const path of paths) {
    const info = await stat(path).catch(() => null);
    if (info?.isFile()) out.push(path);
    else if (info?.isDirectory())
      for (const name of (await list(path)).sort())
        if (name.endsWith('.jsonl') || name.endsWith('.json')) out.push(join(path, name));
  }
  return [...new Set(out)];
}

function ranIn(cwd: string, repos: readonly string[], given: readonly string[]): boolean {
  const c = cwd.replace(/[\\/]+$/, '');
  return [...repos, ...given].some((r) => c === r || c.startsWith(r + sep) || c.startsWith(`${r}/`));
}

async function list(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => []);
}

async function walk(dir: string, depth: number): Promise<string[]> {
  if (depth > MAX_DEPTH) return [];
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const e of entries) {
    // A Claude Code session's subagents are read with the session, not as sessions of their own.
    if (e.isDirectory() && e.name !== 'subagents') out.push(...(await walk(join(dir, e.name), depth + 1)));
    else if (e.isFile() && isSessionFile(e.name)) out.push(join(dir, e.name));
  }
  return out;
}
