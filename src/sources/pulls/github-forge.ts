import { ForgeSchema, type Forge } from '../../core/index.js';

/** The web home of a repository read through GitHub's API: github.com, or an Enterprise Server's host. */
export function githubForge(repository: string, baseUrl: string | undefined): Forge | null {
  let host = 'github.com';
  try {
    const url = new URL(baseUrl ?? 'https://api.github.com');
    host = url.host === 'api.github.com' ? 'github.com' : url.host;
  } catch {
    return null;
  }
  const parsed = ForgeSchema.safeParse({ kind: 'github', url: `https://${host}/${repository}` });
  return parsed.success ? parsed.data : null;
}
