import { runGit } from '../../evidence/index.js';

/** How many pull-request heads (refs/pull/<N>/head) a repository holds: what `--source pulls` scores. */
export async function countPullHeads(repo: string): Promise<number> {
  const heads = await runGit(['for-each-ref', '--format=%(refname)', 'refs/pull/'], { cwd: repo });
  return heads.exitCode === 0 ? heads.stdout.split('\n').filter((r) => /^refs\/pull\/\d+\/head$/.test(r)).length : 0;
}
