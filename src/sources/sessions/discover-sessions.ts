import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { AgentSessionFile } from './agent-session-file.js';
import { SESSION_FORMATS } from './formats/index.js';
import { scanSessionFile } from './scan-session-file.js';
import { isWithin, walkSessionFiles } from './session-places.js';
import { isZstdPath } from '../transcripts/index.js';

export { claudeConfigDirs, claudeProjectSlug, CLAUDE_SLUG_MAX } from './formats/index.js';

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
  /** `$COPILOT_HOME` (default `~/.copilot`), where Copilot CLI keeps `session-state/`. */
  copilotHome?: string | null;
  /** `$PI_CODING_AGENT_DIR` (default `~/.pi/agent`), where pi keeps `sessions/`. */
  piAgentDir?: string | null;
  /** `$XDG_DATA_HOME` (default `~/.local/share`), where OpenCode keeps `opencode/storage`. */
  xdgDataHome?: string | null;
  /** Called after each session file read (thousands of them): pacing collections, progress. */
  onFile?: () => void;
}

/** Session files found, every one scanned; `inRepo` are those that ran in the repository. */
export interface DiscoveredSessions {
  scanned: number;
  inRepo: AgentSessionFile[];
}

const SCAN_AT_ONCE = 8;

/**
 * Finds the agent sessions that ran in the repository: each registered agent's own places (formats/), and any
 * named directory, whose files are told apart by their content. Read-only; only the given home is looked in.
 */
export async function discoverSessions(options: DiscoverSessionsOptions): Promise<DiscoveredSessions> {
  const real = await Promise.all(
    options.repoDirs.map(async (d) => (await realpath(d).catch(() => resolve(d))).replace(/[\\/]+$/, '')),
  );
  const places = {
    ...options,
    repoDirs: [...new Set([...options.repoDirs, ...real])],
    ranIn: (cwd: string) => isWithin(cwd, [...real, ...options.repoDirs]),
  };
  const files = new Set<string>();
  const found: AgentSessionFile[] = [];
  let scanned = 0;
  for (const format of SESSION_FORMATS) {
    const own = await format.discover(places);
    for (const path of own.files ?? []) files.add(path);
    found.push(...(own.sessions ?? []));
    scanned += own.scanned ?? 0;
  }
  for (const dir of options.dirs ?? []) for (const path of await walkSessionFiles(resolve(dir))) files.add(path);

  // Files whose first and last records say who and where: Claude Code sessions and Codex rollouts.
  const paths = [...files].sort();
  const read: (AgentSessionFile | null)[] = new Array(paths.length).fill(null);
  let next = 0;
  // A compressed file is decompressed whole, each with its own window of megabytes: one at a time.
  let compressed: Promise<unknown> = Promise.resolve();
  const scan = (path: string) => {
    if (!isZstdPath(path)) return scanSessionFile(path);
    const done = compressed.then(() => scanSessionFile(path));
    compressed = done.catch(() => undefined);
    return done;
  };
  await Promise.all(
    Array.from({ length: Math.min(SCAN_AT_ONCE, paths.length) }, async () => {
      while (next < paths.length) {
        const i = next++;
        read[i] = await scan(paths[i]!);
        options.onFile?.();
      }
    }),
  );
  const inRepo = read.filter((s): s is AgentSessionFile => s !== null && s.cwd !== null && places.ranIn(s.cwd));
  return { scanned: paths.length + scanned, inRepo: [...inRepo, ...found] };
}
