/** One commit as the pulls source needs it. */
export interface GraphCommit {
  sha: string;
  parents: string[];
  author: string;
  authoredAt: string;
  subject: string;
  /** Position in `git log`'s output (newest first): larger is older. */
  order: number;
}

/** Commits a pull request's head holds of its own, oldest first, and where that line left the default branch. */
export interface PullLine {
  commits: GraphCommit[];
  base: string | null;
}

/**
 * The commit graph of the default branch and every pull request head, read by one `git log`, so that each pull
 * request's own line is a walk in memory instead of a `merge-base` and a `log` process per pull request.
 */
export interface PullGraph {
  commit(sha: string): GraphCommit | undefined;
  /** Whether the default branch reaches this commit. */
  onMain(sha: string): boolean;
  /** A default-branch commit with the same author, author date and subject (a rebase merge's copy). */
  copyOnMain(sha: string): GraphCommit | undefined;
  /**
   * The head's own commits: for a head not on the default branch, those the branch does not reach; for one
   * brought in by a merge commit (or fast-forwarded), those that merge (or that commit) introduced.
   */
  lineOf(head: string, mergeCommit: string | null, limit: number): PullLine;
}

const FORMAT = '--format=%H%x1f%P%x1f%an <%ae>%x1f%aI%x1f%s';

/** Reads the graph with `git log <main> --glob=refs/pull/*`; `git` returns stdout or null on failure. */
export async function readPullGraph(git: (args: string[]) => Promise<string | null>, main: string): Promise<PullGraph> {
  const commits = new Map<string, GraphCommit>();
  const out = (await git(['log', FORMAT, main, '--glob=refs/pull/*'])) ?? '';
  let order = 0;
  for (const line of out.split('\n')) {
    const [sha, parents, author, authoredAt, subject] = line.split('\x1f');
    if (!sha || subject === undefined) continue;
    commits.set(sha, {
      sha,
      parents: parents ? parents.split(' ') : [],
      author: author ?? '',
      authoredAt: authoredAt ?? '',
      subject,
      order: order++,
    });
  }
  // intro[c] = the first-parent step of the default branch that first reaches c: a commit merged at step i is
  // introduced at i, and everything step i reaches is introduced at i or before.
  const chain: string[] = [];
  const tip = ((await git(['rev-parse', '--verify', '--quiet', `${main}^{commit}`])) ?? '').trim();
  for (let at: string | undefined = tip; at && commits.has(at); at = commits.get(at)!.parents[0]) chain.push(at);
  chain.reverse();
  const intro = new Map<string, number>();
  chain.forEach((sha, step) => {
    const stack = [sha];
    while (stack.length) {
      const c = stack.pop()!;
      if (intro.has(c)) continue;
      intro.set(c, step);
      for (const p of commits.get(c)?.parents ?? []) if (!intro.has(p)) stack.push(p);
    }
  });
  const identity = (c: GraphCommit) => `${c.author}\x1f${c.authoredAt}\x1f${c.subject}`;
  const copies = new Map<string, GraphCommit>();
  for (const sha of intro.keys()) {
    const c = commits.get(sha);
    if (c && !copies.has(identity(c))) copies.set(identity(c), c);
  }
  return {
    commit: (sha) => commits.get(sha),
    onMain: (sha) => intro.has(sha),
    copyOnMain: (sha) => {
      const c = commits.get(sha);
      return c && !intro.has(sha) ? copies.get(identity(c)) : undefined;
    },
    lineOf(head, mergeCommit, limit) {
      // A head on the branch owns what its merge (or its own step) introduced; any other head owns what the branch
      // does not reach.
      const step = intro.has(head) ? intro.get(mergeCommit ?? head) : undefined;
      const own = (sha: string) => (step === undefined ? !intro.has(sha) : intro.get(sha) === step);
      const seen = new Set<string>();
      const line: GraphCommit[] = [];
      let base: string | null = null;
      const stack = [head];
      while (stack.length && line.length < limit) {
        const sha = stack.pop()!;
        if (seen.has(sha) || sha === mergeCommit) continue;
        seen.add(sha);
        const c = commits.get(sha);
        if (!c) continue;
        if (!own(sha)) {
          // Where the line left the branch: the most recent of the branch's commits it starts from.
          if (base === null || (intro.get(sha) ?? -1) > (intro.get(base) ?? -1)) base = sha;
          continue;
        }
        line.push(c);
        for (const p of c.parents) if (!seen.has(p)) stack.push(p);
      }
      line.sort((a, b) => b.order - a.order);
      return { commits: line, base };
    },
  };
}
