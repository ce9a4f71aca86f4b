import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { compileIdMatcher, NOT_TASK_PREFIXES, runGit } from '../../evidence/index.js';
import { readFusionProject } from '../fusion/index.js';
import { discoverSessions } from '../sessions/index.js';
import { countPullHeads } from '../pulls/count-pull-heads.js';

/** What `taskeval init` found in a directory, for a starting configuration. */
export interface RepositoryInspection {
  dir: string;
  fusion: boolean;
  /** The id prefixes of the Fusion project's tasks (FN, KB) with how many tasks use each, most first. */
  fusionPrefixes: { prefix: string; tasks: number }[];
  gitRoot: string | null;
  /** The forge a remote points at (github.com/owner/repo, gitlab.com/group/repo), or null. */
  forge: { host: string; path: string } | null;
  /** Recent commits read, and how many name a task id the default pattern finds. */
  recentCommits: number;
  defaultIdHits: number;
  /** A pattern for the ids most recent commits name when the default finds few, with its hits. */
  suggestedIdPattern: { pattern: string; example: string; hits: number } | null;
  /** Trailer keys recent commits carry that look like task ids (Task-Id, Fusion-Task-Id, …), by count. */
  taskTrailers: Record<string, number>;
  sessions: { claudeCode: number; codex: number; aider: boolean; scanned: number };
  /** Pull-request heads fetched into the clone (refs/pull/<N>/head): what `--source pulls` scores. */
  pullHeads: number;
}

const RECENT = 500;
const defaultIds = compileIdMatcher();
// An id in a subject's scope or after its colon: `feat(bd-3f2):`, `gt-12: …`, `(BACK-7)`.
const ID_CANDIDATE = /(?:^|[(\[:\s])([A-Za-z]{2,6})-([a-z0-9]{2,8}|\d+)(?=[)\]:\s,]|$)/g;

/** Looks at a directory as a new user's project: Fusion, git, its forge, task ids in recent commits, agent sessions. */
export async function inspectRepository(
  dir: string,
  home: string | null,
  codexHome: string | null,
  claudeConfigDir: string | null = null,
): Promise<RepositoryInspection> {
  const fusion = existsSync(join(dir, '.fusion'));
  const fusionPrefixes = fusion ? await taskIdPrefixes(dir) : [];
  const top = await runGit(['rev-parse', '--show-toplevel'], { cwd: dir });
  const gitRoot = top.exitCode === 0 ? top.stdout.trim() : null;
  let forge: RepositoryInspection['forge'] = null;
  let subjects: string[] = [];
  const taskTrailers: Record<string, number> = {};
  if (gitRoot) {
    const remote = await runGit(['remote', 'get-url', 'origin'], { cwd: gitRoot });
    const m = /(?:@|\/\/)(?:[^@/]+@)?([^:/]+)[:/](.+?)(?:\.git)?\/?$/.exec(remote.stdout.trim());
    if (remote.exitCode === 0 && m) forge = { host: m[1]!, path: m[2]! };
    const log = await runGit(['log', `-${RECENT}`, '--format=%s%x1f%(trailers:only,unfold,separator=%x1e)%x00'], {
      cwd: gitRoot,
    });
    if (log.exitCode === 0) {
      for (const record of log.stdout.split('\0')) {
        const [subject, trailers] = record.replace(/^\n/, '').split('\x1f');
        if (!subject) continue;
        subjects.push(subject);
        for (const t of (trailers ?? '').split('\x1e')) {
          const key = /^([A-Za-z0-9-]+):/.exec(t.trim())?.[1];
          if (key && /task|issue|ticket|bead|story/i.test(key)) taskTrailers[key] = (taskTrailers[key] ?? 0) + 1;
        }
      }
    }
  }
  subjects = subjects.slice(0, RECENT);
  const defaultIdHits = subjects.filter((s) => defaultIds.findAll(s).length > 0).length;
  const pullHeads = gitRoot ? await countPullHeads(gitRoot) : 0;
  const suggestedIdPattern = defaultIdHits >= subjects.length / 10 ? null : suggestPattern(subjects);
  const found = gitRoot
    ? await discoverSessions({ repoDirs: [gitRoot], home, codexHome, claudeConfigDir })
    : { scanned: 0, inRepo: [] };
  const count = (agent: string) => found.inRepo.filter((s) => s.agent === agent).length;
  return {
    dir,
    fusion,
    fusionPrefixes,
    gitRoot,
    forge,
    recentCommits: subjects.length,
    defaultIdHits,
    suggestedIdPattern,
    taskTrailers,
    pullHeads,
    sessions: {
      claudeCode: count('claude-code'),
      codex: count('codex'),
      aider: gitRoot ? existsSync(join(gitRoot, '.aider.chat.history.md')) : false,
      scanned: found.scanned,
    },
  };
}

/** The prefix most subjects name an id with, as a pattern, when at least a tenth of them do. */
function suggestPattern(subjects: readonly string[]): RepositoryInspection['suggestedIdPattern'] {
  const byPrefix = new Map<string, { hits: Set<number>; numeric: number; example: string }>();
  subjects.forEach((subject, i) => {
    for (const m of subject.matchAll(ID_CANDIDATE)) {
      const prefix = m[1]!;
      // UTF-8, SHA-256, GPT-5: names of standards and models, never a project's task ids.
      if (NOT_TASK_PREFIXES.has(prefix.toUpperCase())) continue;
      const entry = byPrefix.get(prefix) ?? { hits: new Set<number>(), numeric: 0, example: `${prefix}-${m[2]}` };
      entry.hits.add(i);
      if (/^\d+$/.test(m[2]!)) entry.numeric += 1;
      byPrefix.set(prefix, entry);
    }
  });
  const best = [...byPrefix.entries()].sort((a, b) => b[1].hits.size - a[1].hits.size)[0];
  if (!best || best[1].hits.size < Math.max(3, subjects.length / 10)) return null;
  const [prefix, entry] = best;
  const pattern = entry.numeric === entry.hits.size ? `${prefix}-\\d+` : `${prefix}-[a-z0-9]{2,8}`;
  return { pattern, example: entry.example, hits: entry.hits.size };
}

/** The id prefixes a Fusion project's tasks use; a project that cannot be read gives none (init still writes a config). */
async function taskIdPrefixes(dir: string): Promise<{ prefix: string; tasks: number }[]> {
  try {
    const read = await readFusionProject(dir);
    const counts = new Map<string, number>();
    for (const task of read.tasks) {
      const prefix = /^([A-Z][A-Z0-9]*)-\d+$/.exec(task.id)?.[1];
      if (prefix) counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
    }
    return [...counts]
      .map(([prefix, tasks]) => ({ prefix, tasks }))
      .sort((a, b) => b.tasks - a.tasks || a.prefix.localeCompare(b.prefix));
  } catch {
    return [];
  }
}
