import { SourceError } from '../../core/index.js';

/** A response body kept with its ETag, so asking again costs a 304 instead of the rate limit. */
export interface CachedResponse {
  etag: string;
  body: unknown;
}

/** Where the client keeps ETags and bodies by URL (the store's repository cache, or a Map in tests). */
export interface ResponseCache {
  get(url: string): Promise<CachedResponse | null>;
  set(url: string, value: CachedResponse): Promise<void>;
}

export interface GithubClientOptions {
  /** https://api.github.com, or a GitHub Enterprise Server's https://HOST/api/v3. */
  baseUrl: string;
  token: string | null;
  cache?: ResponseCache;
  signal?: AbortSignal;
  /** Said while waiting for a rate limit to reset, once per wait. */
  onWait?: (line: string) => void;
  /** Injected so tests of long waits do not wait. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  /** Longest single wait before giving up (default one hour: GitHub's primary limit resets hourly). */
  maxWaitMs?: number;
}

/** Counts of what the client asked for, for progress and the benchmark. */
export interface GithubRequestCounts {
  requests: number;
  notModified: number;
  waits: number;
}

export interface GithubClient {
  /** GETs a path (or a full URL from a Link header); 304 answers return the cached body. */
  get(pathOrUrl: string): Promise<{ body: unknown; next: string | null; fromCache: boolean }>;
  /** Every page of a list, following Link rel="next"; `stop` ends early once a page has what is needed. */
  list(path: string, stop?: (page: unknown[]) => boolean): Promise<unknown[]>;
  readonly counts: GithubRequestCounts;
}

const RETRIES = 5;
const SECONDARY_WAIT_MS = 60_000;

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new SourceError('cancelled', 'reading pull requests from GitHub was cancelled'));
      },
      { once: true },
    );
  });

/**
 * A small GitHub REST client: token auth, conditional requests (If-None-Match with the kept ETag), Link
 * pagination, and waits on rate limits as GitHub documents them: a 403/429 with `x-ratelimit-remaining: 0` waits
 * until `x-ratelimit-reset`; one with `retry-after` waits that long; a secondary limit without either waits a
 * minute. A 401 or 404 is one clear error, never retried.
 */
export function createGithubClient(options: GithubClientOptions): GithubClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const maxWait = options.maxWaitMs ?? 3_600_000;
  const counts: GithubRequestCounts = { requests: 0, notModified: 0, waits: 0 };

  async function get(pathOrUrl: string) {
    const url = /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${base}${pathOrUrl}`;
    const cached = (await options.cache?.get(url)) ?? null;
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = {
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
        'user-agent': 'taskeval',
      };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (cached) headers['if-none-match'] = cached.etag;
      let response: Response;
      try {
        counts.requests++;
        response = await fetch(url, { headers, ...(options.signal ? { signal: options.signal } : {}) });
      } catch (error) {
        if (options.signal?.aborted)
          throw new SourceError('cancelled', 'reading pull requests from GitHub was cancelled');
        if (attempt < 2) {
          await sleep(1000 * (attempt + 1), options.signal);
          continue;
        }
        throw new SourceError('source_unreadable', `cannot reach ${base}: ${(error as Error).message}`, {
          field: 'github',
          hint: 'Check the network and --github-url (GitHub Enterprise: https://HOST/api/v3).',
        });
      }
      const next = nextLink(response.headers.get('link'));
      if (response.status === 304 && cached) {
        counts.notModified++;
        await response.body?.cancel();
        return { body: cached.body, next, fromCache: true };
      }
      if (response.ok) {
        const body = (await response.json()) as unknown;
        const etag = response.headers.get('etag');
        if (etag && options.cache) await options.cache.set(url, { etag, body });
        return { body, next, fromCache: false };
      }
      const text = await response.text().catch(() => '');
      const wait = waitFor(response, text, now());
      if (wait !== null && attempt < RETRIES) {
        if (wait > maxWait)
          throw new SourceError(
            'source_unreadable',
            `GitHub's rate limit resets in ${Math.ceil(wait / 60_000)} min, longer than taskeval waits`,
            { field: 'github', hint: 'Run again after the reset, or use a token with a higher limit.' },
          );
        counts.waits++;
        options.onWait?.(
          `github: rate limited (${response.status}); waiting ${Math.ceil(wait / 1000)}s as GitHub asks\n`,
        );
        await sleep(wait, options.signal);
        continue;
      }
      if (response.status >= 500 && attempt < 2) {
        await sleep(1000 * (attempt + 1), options.signal);
        continue;
      }
      throw statusError(response.status, url, text, Boolean(options.token));
    }
  }

  return {
    counts,
    get,
    async list(path, stop) {
      const items: unknown[] = [];
      let next: string | null = `${path}${path.includes('?') ? '&' : '?'}per_page=100`;
      while (next) {
        const page = await get(next);
        const rows = Array.isArray(page.body) ? page.body : [];
        items.push(...rows);
        if (stop?.(rows)) break;
        next = page.next;
      }
      return items;
    },
  };
}

/** The wait GitHub asks for, or null when the answer is not a rate limit. */
function waitFor(response: Response, body: string, nowMs: number): number | null {
  if (response.status !== 403 && response.status !== 429) return null;
  const retryAfter = Number(response.headers.get('retry-after'));
  if (response.headers.get('retry-after') !== null && Number.isFinite(retryAfter))
    return Math.max(0, retryAfter) * 1000;
  if (response.headers.get('x-ratelimit-remaining') === '0') {
    const reset = Number(response.headers.get('x-ratelimit-reset'));
    // One second past the reset: GitHub's clock and ours differ by that much.
    if (Number.isFinite(reset) && reset > 0) return Math.max(0, reset * 1000 - nowMs) + 1000;
  }
  // A secondary limit may say neither: GitHub asks for at least a minute.
  return response.status === 429 || /secondary rate limit/i.test(messageOf(body)) ? SECONDARY_WAIT_MS : null;
}

function statusError(status: number, url: string, body: string, hasToken: boolean): SourceError {
  const said = messageOf(body);
  if (status === 401)
    return new SourceError('source_unreadable', `GitHub refused the token (401${said ? `: ${said}` : ''})`, {
      field: 'GITHUB_TOKEN',
      hint: 'Set GITHUB_TOKEN (or GH_TOKEN) to a token that can read the repository; `gh auth token` prints one.',
    });
  if (status === 404)
    return new SourceError(
      'source_unreadable',
      `GitHub has no ${url} (404): no such repository, or the token cannot see it`,
      {
        field: 'github',
        hint: hasToken
          ? 'Check OWNER/NAME, and that the token has read access to it.'
          : 'A private repository needs GITHUB_TOKEN (or GH_TOKEN).',
      },
    );
  if (status === 403)
    return new SourceError('source_unreadable', `GitHub refused ${url} (403${said ? `: ${said}` : ''})`, {
      field: 'GITHUB_TOKEN',
      hint: 'The token lacks permission for this repository (fine-grained tokens need Pull requests: read).',
    });
  return new SourceError('source_unreadable', `GitHub answered ${status} for ${url}${said ? `: ${said}` : ''}`, {
    field: 'github',
  });
}

function messageOf(body: string): string {
  try {
    const m = (JSON.parse(body) as { message?: unknown }).message;
    return typeof m === 'string' ? m.slice(0, 200) : '';
  } catch {
    return '';
  }
}

/** The rel="next" URL of a Link header. */
function nextLink(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const m = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part);
    if (m) return m[1]!;
  }
  return null;
}
