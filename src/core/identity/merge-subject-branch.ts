const PULL_REQUEST = /^Merge pull request #\d+ from [^/\s]+\/(\S+)/;
const MERGE_BRANCH = /^Merge (?:remote-tracking )?branch '([^']+)'/;

/**
 * The branch a merge commit's subject names: `Merge pull request #12 from octo/codex/fix-login` gives
 * `codex/fix-login` (the fork's owner dropped), `Merge branch 'claude/x' into main` gives `claude/x`,
 * a remote-tracking branch loses its remote. Null for any other subject.
 */
export function mergeSubjectBranch(subject: string): string | null {
  const pr = PULL_REQUEST.exec(subject);
  if (pr) return pr[1]!;
  const merge = MERGE_BRANCH.exec(subject);
  if (!merge) return null;
  const name = merge[1]!;
  return subject.startsWith('Merge remote-tracking') && name.includes('/') ? name.slice(name.indexOf('/') + 1) : name;
}
