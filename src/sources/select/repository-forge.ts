import { parseForgeRemote, type Forge } from '../../core/index.js';
import { runGit } from '../../evidence/index.js';

/** The GitHub or GitLab repository a clone's `origin` (else its first remote) points at, or null. */
export async function repositoryForge(repo: string, signal?: AbortSignal): Promise<Forge | null> {
  const remotes = await runGit(['remote'], { cwd: repo, ...(signal ? { signal } : {}) });
  if (remotes.exitCode !== 0) return null;
  const names = remotes.stdout
    .split('\n')
    .map((n) => n.trim())
    .filter(Boolean);
  const name = names.includes('origin') ? 'origin' : names[0];
  if (!name) return null;
  const url = await runGit(['remote', 'get-url', name], { cwd: repo, ...(signal ? { signal } : {}) });
  return url.exitCode === 0 ? parseForgeRemote(url.stdout) : null;
}
