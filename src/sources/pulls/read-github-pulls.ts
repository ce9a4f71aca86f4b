import { ConfigError, SourceError, type Task } from '../../core/index.js';
import type { SourceReadResult } from '../source-read-result.js';
import { createGithubClient, type GithubRequestCounts, type ResponseCache } from './github-client.js';
import {
  GithubCheckRunSchema,
  GithubCommitSchema,
  GithubPullBundleSchema,
  GithubPullSchema,
  GithubReviewSchema,
  GithubStatusSchema,
  GithubTimelineEventSchema,
  type GithubPullBundle,
} from './github-pull-bundle.js';
import { githubPullTask } from './github-pull-task.js';

/** Values kept between runs by key (the store's repository cache); absent, everything is fetched each time. */
export interface KeptValues {
  get(key: string): Promise<unknown | null>;
  set(key: string, value: unknown): Promise<void>;
}

export interface GithubPullsOptions {
  /** OWNER/NAME. */
  repository: string;
  baseUrl?: string;
  token: string | null;
  kept?: KeptValues;
  hindsight?: boolean;
  signal?: AbortSignal;
  /** Progress lines for stderr. */
  onProgress?: (line: string) => void;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  /** Pull requests fetched at once (default 3: GitHub asks clients not to hammer it concurrently). */
  concurrency?: number;
  /** Only these pull requests (`--task PR-<N>`): fetched by number, with no listing (what a workflow on one pull request needs). */
  numbers?: readonly number[];
}

export const GITHUB_API = 'https://api.github.com';
const REPOSITORY = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;
/** Requests per pull request when none of its lists spans a second page: the pull, reviews, commits, timeline, check runs, status. */
export const REQUESTS_PER_PULL = 6;

interface SyncState {
  /** The newest `updated_at` fully fetched: the next run lists only what changed after it. */
  highWater: string | null;
  numbers: number[];
}

/**
 * Pull requests from GitHub's REST API, one task `PR-<N>` each. The repository is checked first, so a bad token or
 * name is one error before any pull request is read. Pull requests are listed newest-updated first and listing stops
 * at the last one fetched before; each changed one is fetched whole and kept, so the next run fetches only what
 * changed since. Responses are kept with their ETags and asked for conditionally.
 */
export async function readGithubPulls(
  options: GithubPullsOptions,
): Promise<SourceReadResult & { requests: GithubRequestCounts }> {
  if (!REPOSITORY.test(options.repository))
    throw new ConfigError('usage', `--github expects OWNER/NAME, got "${options.repository}"`, {
      field: '--github',
      hint: 'For example: --github octocat/hello-world',
    });
  const baseUrl = (options.baseUrl ?? GITHUB_API).replace(/\/+$/, '');
  const scope = `github:${hostOf(baseUrl)}/${options.repository}`;
  const kept = options.kept ?? memoryKept();
  const cache: ResponseCache = {
    get: async (url) => (await kept.get(`${scope}:etag:${url}`)) as { etag: string; body: unknown } | null,
    set: (url, value) => kept.set(`${scope}:etag:${url}`, value),
  };
  const progress = options.onProgress ?? (() => {});
  const client = createGithubClient({
    baseUrl,
    token: options.token,
    cache,
    onWait: progress,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const repo = `/repos/${options.repository}`;
  await client.get(repo);

  if (options.numbers?.length) return readNumbered(client, repo, scope, kept, options, options.numbers);
  const state = ((await kept.get(`${scope}:sync`)) as SyncState | null) ?? { highWater: null, numbers: [] };
  const isNew = (p: { updated_at: string }) => state.highWater === null || p.updated_at > state.highWater;
  const listed = (
    await client.list(`${repo}/pulls?state=all&sort=updated&direction=desc`, (page) =>
      page.some((p) => !isNew(parseAs(GithubPullSchema, p, 'the pull request list'))),
    )
  ).map((p, i) => parseAs(GithubPullSchema, p, `pull request ${i + 1} of the list`));
  const changed = listed.filter(isNew);
  progress(
    `github: ${options.repository}: ${changed.length} pull request${changed.length === 1 ? '' : 's'} to fetch${state.highWater ? ` (changed since ${state.highWater})` : ''}, ${state.numbers.length} kept\n`,
  );

  const bundles = new Map<number, GithubPullBundle>();
  let done = 0;
  let shown = Date.now();
  const queue = [...changed];
  const worker = async () => {
    for (let pull = queue.shift(); pull; pull = queue.shift()) {
      const bundle = await fetchBundle(client, repo, pull.number);
      await kept.set(`${scope}:pull:${pull.number}`, bundle);
      bundles.set(pull.number, bundle);
      done++;
      if (Date.now() - shown > 3000) {
        shown = Date.now();
        progress(`github: fetched ${done}/${changed.length} pull requests (${client.counts.requests} requests)\n`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 3) }, worker));

  const numbers = [...new Set([...state.numbers, ...changed.map((p) => p.number)])].sort((a, b) => a - b);
  const highWater = [state.highWater, ...changed.map((p) => p.updated_at)]
    .filter((v): v is string => v !== null)
    .sort()
    .pop();
  await kept.set(`${scope}:sync`, { highWater: highWater ?? null, numbers } satisfies SyncState);

  const read: GithubPullBundle[] = [];
  for (const n of numbers) {
    const bundle = bundles.get(n) ?? GithubPullBundleSchema.safeParse(await kept.get(`${scope}:pull:${n}`)).data;
    if (bundle) read.push(bundle);
  }
  const perPull = changed.length ? (client.counts.requests / changed.length).toFixed(1) : '0';
  return readResult(
    read,
    client,
    scope,
    options,
    (tasks) =>
      `pulls: ${tasks.length} pull request${tasks.length === 1 ? '' : 's'} from GitHub ${options.repository} (${changed.length} fetched in ${client.counts.requests} requests, ${perPull} per pull request; ${client.counts.notModified} unchanged by ETag)`,
  );
}

/** Named pull requests, each fetched whole (conditionally, from kept ETags); the sync mark is left as it was. */
async function readNumbered(
  client: ReturnType<typeof createGithubClient>,
  repo: string,
  scope: string,
  kept: KeptValues,
  options: GithubPullsOptions,
  numbers: readonly number[],
): Promise<SourceReadResult & { requests: GithubRequestCounts }> {
  const fetched: GithubPullBundle[] = [];
  for (const n of [...new Set(numbers)].sort((a, b) => a - b)) {
    const bundle = await fetchBundle(client, repo, n);
    await kept.set(`${scope}:pull:${n}`, bundle);
    fetched.push(bundle);
  }
  return readResult(
    fetched,
    client,
    scope,
    options,
    (tasks) =>
      `pulls: ${tasks.map((t) => t.id).join(', ')} from GitHub ${options.repository} (${client.counts.requests} requests, ${client.counts.notModified} unchanged by ETag)`,
  );
}

/** What either way of reading gives back: the pull requests as tasks, the requests made, and one notice. */
function readResult(
  bundles: readonly GithubPullBundle[],
  client: ReturnType<typeof createGithubClient>,
  scope: string,
  options: GithubPullsOptions,
  notice: (tasks: SourceReadResult['tasks']) => string,
): SourceReadResult & { requests: GithubRequestCounts } {
  const { tasks, ownCommits } = pullTasks(bundles, options.hindsight ?? true);
  return {
    tasks,
    problems: [],
    projectId: projectIdOf(scope),
    ownCommits,
    requests: client.counts,
    notices: [notice(tasks)],
  };
}

/** The pull requests as tasks, with their commits as the API lists them (with a clone, taken exactly). */
function pullTasks(
  bundles: readonly GithubPullBundle[],
  hindsight: boolean,
): { tasks: Task[]; ownCommits: Map<string, string[]> } {
  const ownCommits = new Map<string, string[]>();
  for (const b of bundles)
    if (b.commits.length)
      ownCommits.set(
        `PR-${b.pull.number}`,
        b.commits.map((c) => c.sha),
      );
  return { tasks: bundles.map((b) => githubPullTask(b, hindsight)), ownCommits };
}

/** The repository names the project: the same wherever the command runs. */
function projectIdOf(scope: string): string {
  return scope.replace(/^github:github\.com\//, 'github:');
}

async function fetchBundle(
  client: ReturnType<typeof createGithubClient>,
  repo: string,
  n: number,
): Promise<GithubPullBundle> {
  const pull = parseAs(GithubPullSchema, (await client.get(`${repo}/pulls/${n}`)).body, `pull request #${n}`);
  const [reviews, commits, timeline] = [
    (await client.list(`${repo}/pulls/${n}/reviews`)).map((r) => parseAs(GithubReviewSchema, r, `#${n}'s reviews`)),
    (await client.list(`${repo}/pulls/${n}/commits`)).map((c) => parseAs(GithubCommitSchema, c, `#${n}'s commits`)),
    (await client.list(`${repo}/issues/${n}/timeline`)).flatMap((e) => {
      const parsed = GithubTimelineEventSchema.safeParse(e);
      return parsed.success ? [parsed.data] : [];
    }),
  ];
  const runs = (await client.get(`${repo}/commits/${pull.head.sha}/check-runs?per_page=100`)).body as {
    check_runs?: unknown[];
  };
  const status = (await client.get(`${repo}/commits/${pull.head.sha}/status?per_page=100`)).body as {
    statuses?: unknown[];
  };
  return {
    pull,
    reviews,
    commits,
    timeline,
    checkRuns: (runs?.check_runs ?? []).map((c) => parseAs(GithubCheckRunSchema, c, `#${n}'s check runs`)),
    statuses: (status?.statuses ?? []).map((s) => parseAs(GithubStatusSchema, s, `#${n}'s statuses`)),
  };
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    throw new ConfigError('usage', `--github-url is not a URL: ${baseUrl}`, {
      field: '--github-url',
      hint: 'For GitHub Enterprise Server: https://HOST/api/v3',
    });
  }
}

function memoryKept(): KeptValues {
  const values = new Map<string, unknown>();
  return { get: async (k) => values.get(k) ?? null, set: async (k, v) => void values.set(k, v) };
}

/** A GitHub answer that does not have the shape taskeval reads is one clear error naming the field. */
function parseAs<T>(
  schema: {
    safeParse(
      v: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  value: unknown,
  what: string,
): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new SourceError(
    'source_invalid',
    `GitHub's answer for ${what} is not what taskeval reads: ${issue.path.map(String).join('.') || 'body'}: ${issue.message}`,
    {
      field: 'github',
      hint: "Check --github-url points at GitHub's REST API (https://api.github.com, or https://HOST/api/v3).",
    },
  );
}
