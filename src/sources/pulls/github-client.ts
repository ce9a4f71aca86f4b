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
  /** How long one request may take, headers and body (default 30 s); a request past it is tried again. */
  requestTimeoutMs?: number;
  /** Largest answer read (default 32 MiB: a page of 100 pull requests with GitHub's longest bodies is ~10 MiB). */
  maxResponseBytes?: number;
  /** Most pages one listing follows (default 1,000: 100,000 items). */
  maxPages?: number;
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
export const GITHUB_REQUEST_TIMEOUT_MS = 30_000;
export const GITHUB_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;
export const GITHUB_MAX_PAGES = 1_000;

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
 * minute. A 401 or 404 is one clear error, never retried. Every request is bounded (a timeout, a size cap);
 * the token goes only to the base URL's origin, and a listing follows next-links only there, never twice to one
 * URL and for at most `maxPages` pages.
 */
export function createGithubClient(options: GithubClientOptions): GithubClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const maxWait = options.maxWaitMs ?? 3_600_000;
  const timeoutMs = options.requestTimeoutMs ?? GITHUB_REQUEST_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? GITHUB_MAX_RESPONSE_BYTES;
  const maxPages = options.maxPages ?? GITHUB_MAX_PAGES;
  const origin = new URL(base).origin;
  const counts: GithubRequestCounts = { requests: 0, notModified: 0, waits: 0 };

  async function get(pathOrUrl: string) {
    const url = /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${base}${pathOrUrl}`;
    const sameOrigin = originOf(url) === origin;
    const cached = (await options.cache?.get(url)) ?? null;
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = {
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
        'user-agent': 'taskeval',
      };
      // The token is for the API it was given for: never sent to a host an answer names.
      if (options.token && sameOrigin) headers.authorization = `Bearer ${options.token}`;
      if (cached) headers['if-none-match'] = cached.etag;
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
      let response: Response;
      let text: string;
      try {
        counts.requests++;
        response = await fetch(url, { headers, signal, redirect: sameOrigin ? 'follow' : 'error' });
        text = response.status === 304 && cached ? '' : await readCapped(response, maxBytes, url);
        if (response.status === 304 && cached) await response.body?.cancel().catch(() => undefined);
      } catch (error) {
        if (options.signal?.aborted)
          throw new SourceError('cancelled', 'reading pull requests from GitHub was cancelled');
        if (error instanceof SourceError) throw error;
        const timedOut = timeout.aborted;
        if (attempt < 2) {
          await sleep(1000 * (attempt + 1), options.signal);
          continue;
        }
        throw new SourceError(
          'source_unreadable',
          timedOut
            ? `${redactQuery(url)} did not answer within ${Math.round(timeoutMs / 1000)} s (3 tries)`
            : `cannot reach ${base}: ${(error as Error).message}`,
          {
            field: 'github',
            hint: 'Check the network and --github-url (GitHub Enterprise: https://HOST/api/v3).',
          },
        );
      }
      const next = nextLink(response.headers.get('link'));
      if (response.status === 304 && cached) {
        counts.notModified++;
        return { body: cached.body, next, fromCache: true };
      }
      if (response.ok) {
        const body = parseJson(text, url);
        const etag = response.headers.get('etag');
        if (etag && options.cache) await options.cache.set(url, { etag, body });
        return { body, next, fromCache: false };
      }
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
      const seen = new Set<string>();
      let next: string | null = `${path}${path.includes('?') ? '&' : '?'}per_page=100`;
      while (next) {
        const url = /^https?:\/\//i.test(next) ? next : `${base}${next}`;
        if (originOf(url) !== origin)
          throw new SourceError(
            'source_unreadable',
            `GitHub's next page points to ${originOf(url) ?? 'an unreadable URL'}, not ${origin}; taskeval follows pages only on the API's own host`,
            { field: 'github', hint: 'Check --github-url: it must be the API that serves the repository.' },
          );
        if (seen.has(url))
          throw new SourceError('source_unreadable', `GitHub's pages loop: ${redactQuery(url)} came back as next`, {
            field: 'github',
          });
        if (seen.size >= maxPages)
          throw new SourceError(
            'source_unreadable',
            `${redactQuery(path)} has more than ${maxPages} pages; taskeval stops there`,
            { field: 'github', hint: 'Narrow the pull requests read (--task PR-<N>, --since).' },
          );
        seen.add(url);
        const page = await get(url);
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

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** A URL without its query, which may carry paging cursors too long for a message. */
function redactQuery(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? url : url.slice(0, at);
}

/** The answer's text, read no further than `maxBytes`: a hostile or broken server cannot fill memory. */
async function readCapped(response: Response, maxBytes: number, url: string): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge(url, maxBytes);
  }
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      throw tooLarge(url, maxBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

function tooLarge(url: string, maxBytes: number): SourceError {
  return new SourceError(
    'source_unreadable',
    `GitHub's answer for ${redactQuery(url)} is larger than ${Math.round(maxBytes / 1024 / 1024)} MiB; taskeval reads no more`,
    { field: 'github', hint: 'Check --github-url: GitHub itself never answers a page this large.' },
  );
}

function parseJson(text: string, url: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SourceError(
      'source_unreadable',
      `GitHub's answer for ${redactQuery(url)} is not JSON (starts ${JSON.stringify(text.slice(0, 60))})`,
      {
        field: 'github',
        hint: 'Check --github-url: it must be the REST API (GitHub Enterprise: https://HOST/api/v3).',
      },
    );
  }
}
