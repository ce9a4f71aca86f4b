import { z } from 'zod';

/** Where a repository lives on the web, so commit and pull request ids can link to it. */
export const ForgeSchema = z.strictObject({
  kind: z.enum(['github', 'gitlab']),
  /** The repository's web address, `https://github.com/owner/name`, without a trailing slash. */
  url: z.string().regex(/^https:\/\/[^\s/?#@]+\/[^\s?#@]+[^/\s?#@]$/, { message: 'expected https://host/owner/name' }),
});
export type Forge = z.output<typeof ForgeSchema>;

/**
 * The forge of a git remote URL (`git@github.com:o/r.git`, `https://gitlab.com/g/sub/r`, `ssh://git@host:22/o/r`),
 * or null when the host is not GitHub or GitLab (a self-hosted one counts when its host names it). Credentials,
 * ports and `.git` are dropped, so nothing secret reaches a link.
 */
export function parseForgeRemote(remote: string): Forge | null {
  const text = remote.trim();
  const match = /^(?:[a-z+]+:\/\/)?(?:[^@/\s]+@)?([^:/\s]+)(?::\d+)?[:/]([^\s?#]+?)(?:\.git)?\/?$/i.exec(text);
  if (!match) return null;
  const host = match[1]!.toLowerCase();
  const path = match[2]!.replace(/^\/+/, '');
  if (path.split('/').filter(Boolean).length < 2 || path.includes('..')) return null;
  const kind = host.includes('github') ? 'github' : host.includes('gitlab') ? 'gitlab' : null;
  if (!kind) return null;
  const parsed = ForgeSchema.safeParse({ kind, url: `https://${host}/${path}` });
  return parsed.success ? parsed.data : null;
}

/** The web page of a commit or a pull (merge) request on the forge. */
export function forgeLink(forge: Forge, what: 'commit' | 'pull', id: string | number): string | null {
  const value = String(id);
  if (what === 'commit')
    return /^[0-9a-f]{7,64}$/i.test(value)
      ? `${forge.url}${forge.kind === 'gitlab' ? '/-' : ''}/commit/${value}`
      : null;
  return /^\d{1,9}$/.test(value)
    ? `${forge.url}${forge.kind === 'gitlab' ? '/-/merge_requests/' : '/pull/'}${value}`
    : null;
}
