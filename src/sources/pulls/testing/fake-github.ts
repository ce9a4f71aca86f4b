import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One pull request as the fake serves it: the REST payloads of its endpoints. */
export interface FakePull {
  pull: Record<string, unknown> & { number: number; updated_at: string; head: { sha: string; ref: string } };
  reviews?: Record<string, unknown>[];
  commits?: Record<string, unknown>[];
  timeline?: Record<string, unknown>[];
  checkRuns?: Record<string, unknown>[];
  statuses?: Record<string, unknown>[];
}

/** An answer served instead of the real one, for the next `times` requests whose path matches. */
export interface FakeFailure {
  match: RegExp;
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Sent as it is instead of `body` as JSON: a proxy's login page, a truncated answer. */
  raw?: string;
  times?: number;
}

export interface FakeGithubOptions {
  repository: string;
  token?: string;
  pulls: FakePull[];
  /** Items per list page (GitHub allows up to 100; small here so tests cross pages). */
  pageSize?: number;
  latencyMs?: number;
}

export interface FakeGithub {
  baseUrl: string;
  /** Paths asked for, in order, with the status answered. */
  requests: { path: string; status: number }[];
  pulls: FakePull[];
  fail(failure: FakeFailure): void;
  close(): Promise<void>;
}

/**
 * A loopback fake of the parts of GitHub's REST API the pulls source reads (real node:http). Headers follow the
 * recorded exchanges in octokit/fixtures (MIT, scenarios/api.github.com/paginate-issues): `link` with absolute
 * rel="next"/"last" URLs, a quoted `etag`, and `x-ratelimit-limit|remaining|reset`. Rate limits, 401/404 and 304
 * follow GitHub's REST documentation ("Rate limits for the REST API", "Using pagination", "conditional requests").
 */
export async function startFakeGithub(options: FakeGithubOptions): Promise<FakeGithub> {
  const requests: FakeGithub['requests'] = [];
  const failures: FakeFailure[] = [];
  const pageSize = options.pageSize ?? 100;
  const prefix = `/repos/${options.repository}`;
  let baseUrl = '';
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', baseUrl);
    const path = url.pathname + url.search;
    const send = (status: number, body: unknown, headers: Record<string, string> = {}, raw?: string) => {
      requests.push({ path, status });
      const text = raw ?? (body === undefined ? '' : JSON.stringify(body));
      const reply = () => {
        res.writeHead(status, {
          'content-type': 'application/json; charset=utf-8',
          'x-ratelimit-limit': '5000',
          'x-ratelimit-remaining': '4999',
          'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
          ...headers,
        });
        res.end(text);
      };
      if (options.latencyMs) setTimeout(reply, options.latencyMs);
      else reply();
    };
    const failure = failures.find((f) => f.match.test(path) && (f.times ?? 1) > 0);
    if (failure) {
      failure.times = (failure.times ?? 1) - 1;
      send(failure.status, failure.body ?? { message: 'failure' }, failure.headers, failure.raw);
      return;
    }
    if (options.token && req.headers.authorization !== `Bearer ${options.token}`) {
      send(401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' });
      return;
    }
    const ok = (body: unknown, link?: string) => {
      const etag = `"${createHash('sha1').update(JSON.stringify(body)).digest('hex')}"`;
      if (req.headers['if-none-match'] === etag) return send(304, undefined, { etag });
      send(200, body, { etag, ...(link ? { link } : {}) });
    };
    const page = (items: unknown[]) => {
      const n = Math.max(1, Number(url.searchParams.get('page') ?? '1'));
      const last = Math.max(1, Math.ceil(items.length / pageSize));
      const at = (p: number) => {
        const u = new URL(url);
        u.searchParams.set('page', String(p));
        return u.toString();
      };
      const link = n < last ? `<${at(n + 1)}>; rel="next", <${at(last)}>; rel="last"` : undefined;
      ok(items.slice((n - 1) * pageSize, n * pageSize), link);
    };
    if (!url.pathname.startsWith(prefix)) return send(404, { message: 'Not Found' });
    const rest = url.pathname.slice(prefix.length);
    const byNumber = (n: string) => options.pulls.find((p) => p.pull.number === Number(n));
    const bySha = (sha: string) => options.pulls.find((p) => p.pull.head.sha === sha);
    let m: RegExpExecArray | null;
    if (rest === '') return ok({ full_name: options.repository });
    if (rest === '/pulls')
      return page(
        [...options.pulls]
          .map((p) => p.pull)
          .sort((a, b) => (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : 0)),
      );
    if ((m = /^\/pulls\/(\d+)$/.exec(rest)) && byNumber(m[1]!)) return ok(byNumber(m[1]!)!.pull);
    if ((m = /^\/pulls\/(\d+)\/reviews$/.exec(rest)) && byNumber(m[1]!)) return page(byNumber(m[1]!)!.reviews ?? []);
    if ((m = /^\/pulls\/(\d+)\/commits$/.exec(rest)) && byNumber(m[1]!)) return page(byNumber(m[1]!)!.commits ?? []);
    if ((m = /^\/issues\/(\d+)\/timeline$/.exec(rest)) && byNumber(m[1]!)) return page(byNumber(m[1]!)!.timeline ?? []);
    if ((m = /^\/commits\/([0-9a-f]+)\/check-runs$/.exec(rest)) && bySha(m[1]!)) {
      const runs = bySha(m[1]!)!.checkRuns ?? [];
      return ok({ total_count: runs.length, check_runs: runs });
    }
    if ((m = /^\/commits\/([0-9a-f]+)\/status$/.exec(rest)) && bySha(m[1]!)) {
      const statuses = bySha(m[1]!)!.statuses ?? [];
      return ok({ state: statuses.some((s) => s.state === 'failure') ? 'failure' : 'success', statuses });
    }
    send(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    requests,
    pulls: options.pulls,
    fail: (failure) => void failures.push(failure),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A pull request payload with GitHub's field names, for tests and the benchmark. */
export function fakePull(
  n: number,
  fields: Partial<{
    title: string;
    state: 'open' | 'closed';
    merged_at: string | null;
    created_at: string;
    updated_at: string;
    closed_at: string | null;
    draft: boolean;
    login: string;
    ref: string;
    sha: string;
    baseSha: string;
  }> = {},
): FakePull['pull'] {
  const created = fields.created_at ?? `2026-03-${String((n % 27) + 1).padStart(2, '0')}T10:00:00Z`;
  return {
    number: n,
    html_url: `https://github.com/acme/app/pull/${n}`,
    title: fields.title ?? `Change ${n}`,
    body: `Body of ${n}`,
    user: { login: fields.login ?? 'octocat', type: 'User' },
    state: fields.state ?? 'open',
    draft: fields.draft ?? false,
    created_at: created,
    updated_at: fields.updated_at ?? created,
    closed_at: fields.closed_at ?? null,
    merged_at: fields.merged_at ?? null,
    merge_commit_sha: null,
    head: {
      ref: fields.ref ?? `feature/${n}`,
      sha: fields.sha ?? createHash('sha1').update(`head-${n}`).digest('hex'),
    },
    base: { ref: 'main', sha: fields.baseSha ?? null },
    labels: [],
    additions: 10 * n,
    deletions: n,
    changed_files: 2,
    commits: 1,
    review_comments: 0,
  };
}
