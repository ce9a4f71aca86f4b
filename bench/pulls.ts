import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '../src/core/index.js';
import { runGit } from '../src/evidence/index.js';
import { loadTaskSet, readGithubPulls, readGitPulls } from '../src/sources/index.js';
import { fakePull, startFakeGithub, type FakePull } from '../src/sources/pulls/testing/fake-github.js';

export interface PullsBenchOptions {
  /** Pull requests in the synthetic repository. */
  pulls?: number;
  /** Pull requests timed with the per-pull-request processes (merge-base and log each), then scaled. */
  perPullSample?: number;
  /** Pull requests served by the fake GitHub. */
  apiPulls?: number;
  latencyMs?: number;
  log?: (line: string) => void;
}

export interface PullsBenchReport {
  pulls: number;
  commits: number;
  /** (a) every pull request's line from the one in-memory graph. */
  graphMs: number;
  /** (b) the same with two git processes per pull request, scaled from the sample. */
  perPullMs: number;
  /** (c) the whole source: the commit index and the pull requests, as `score --source pulls` reads them. */
  loadMs: number;
  /** (d) first read from the fake API: requests per pull request, all included. */
  apiRequestsPerPull: number;
  /** (e) the next read, nothing changed: requests made. */
  apiNextRequests: number;
  apiFirstMs: number;
  apiNextMs: number;
  pass: boolean;
}

const LOAD_MAX_MS = 30_000;
const REQUESTS_PER_PULL_MAX = 7;

const ms = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e6;

/** `npm run bench -- pulls`: pull requests from git (graph vs per-PR processes) and from a fake GitHub at 100 ms. */
export async function run(options: PullsBenchOptions = {}): Promise<PullsBenchReport> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const quick = process.argv.includes('--quick');
  const count = options.pulls ?? (quick ? 300 : 2_000);
  const sample = options.perPullSample ?? (quick ? 50 : 200);
  const apiPulls = options.apiPulls ?? (quick ? 15 : 60);
  const latencyMs = options.latencyMs ?? 100;
  const root = mkdtempSync(join(tmpdir(), 'taskeval-bench-pulls-'));
  try {
    const repo = join(root, 'repo');
    const commits = await createPullRepo(repo, count);
    log(`pulls: ${count} pull requests in a repository of ${commits} commits`);

    let start = process.hrtime.bigint();
    const read = await readGitPulls(repo);
    const graphMs = ms(start);
    if (read.tasks.length !== count) throw new Error(`expected ${count} pull requests, read ${read.tasks.length}`);

    start = process.hrtime.bigint();
    for (let n = 1; n <= sample; n++) {
      const head = `refs/pull/${n}/head`;
      const base = (await runGit(['merge-base', 'main', head], { cwd: repo })).stdout.trim();
      await runGit(['log', '--reverse', '--format=%H%x1f%aI%x1f%s', `${base}..${head}`, '-n', '1000'], { cwd: repo });
    }
    const perPullMs = (ms(start) / sample) * count;

    start = process.hrtime.bigint();
    const set = await loadTaskSet({ projectDir: repo, source: 'pulls', sessions: null, column: 'all' });
    const loadMs = ms(start);
    if (set.items.length !== count) throw new Error(`loadTaskSet selected ${set.items.length} of ${count}`);

    const github = await startFakeGithub({
      repository: 'acme/app',
      pulls: fakeApiPulls(apiPulls),
      latencyMs,
    });
    const values = new Map<string, unknown>();
    const kept = {
      get: async (k: string) => values.get(k) ?? null,
      set: async (k: string, v: unknown) => void values.set(k, v),
    };
    try {
      start = process.hrtime.bigint();
      const first = await readGithubPulls({ repository: 'acme/app', baseUrl: github.baseUrl, token: null, kept });
      const apiFirstMs = ms(start);
      start = process.hrtime.bigint();
      const next = await readGithubPulls({ repository: 'acme/app', baseUrl: github.baseUrl, token: null, kept });
      const apiNextMs = ms(start);
      const apiRequestsPerPull = first.requests.requests / apiPulls;

      const okLoad = loadMs <= LOAD_MAX_MS;
      const okRequests = apiRequestsPerPull <= REQUESTS_PER_PULL_MAX && next.requests.requests <= 2;
      const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
      log(`pulls: (a) ${count} lines from one in-memory graph: ${(graphMs / 1000).toFixed(2)} s`);
      log(
        `pulls: (b) two git processes per pull request (merge-base, log; ${sample} timed, scaled): ${(perPullMs / 1000).toFixed(1)} s`,
      );
      log(`pulls: (b)/(a) = ${(perPullMs / graphMs).toFixed(1)}`);
      log(
        `pulls: (c) the whole source (commit index and ${count} pull requests): ${(loadMs / 1000).toFixed(2)} s (target < ${LOAD_MAX_MS / 1000} s) ${verdict(okLoad)}`,
      );
      log(
        `pulls: (d) GitHub at ${latencyMs} ms a request, ${apiPulls} pull requests: ${first.requests.requests} requests (${apiRequestsPerPull.toFixed(2)} per pull request, target ≤ ${REQUESTS_PER_PULL_MAX}) in ${(apiFirstMs / 1000).toFixed(1)} s`,
      );
      log(
        `pulls: (e) the next read, nothing changed: ${next.requests.requests} requests (${next.requests.notModified} answered 304) in ${(apiNextMs / 1000).toFixed(2)} s; (e)/(d) time = ${(apiNextMs / apiFirstMs).toFixed(3)} ${verdict(okRequests)}`,
      );
      return {
        pulls: count,
        commits,
        graphMs,
        perPullMs,
        loadMs,
        apiRequestsPerPull,
        apiNextRequests: next.requests.requests,
        apiFirstMs,
        apiNextMs,
        pass: okLoad && okRequests,
      };
    } finally {
      await github.close();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** API payloads for `n` pull requests with a review, two commits, a few events and a check each. */
function fakeApiPulls(n: number): FakePull[] {
  return Array.from({ length: n }, (_, i) => {
    const number = i + 1;
    const at = (h: number) => new Date(Date.UTC(2026, 2, 1, 0, 0, 0) + (number * 24 + h) * 3_600_000).toISOString();
    return {
      pull: fakePull(number, { created_at: at(0), updated_at: at(5), state: number % 3 ? 'closed' : 'open' }),
      reviews: [{ user: { login: 'maintainer' }, state: 'APPROVED', submitted_at: at(2), body: 'ok' }],
      commits: [1, 3].map((h) => ({
        sha: `${number}${h}`.padEnd(40, 'a'),
        commit: { message: `step ${h}`, author: { date: at(h - 1) }, committer: { date: at(h - 1) } },
        author: { login: 'agent' },
      })),
      timeline: [{ event: 'reviewed', submitted_at: at(2), state: 'approved' }],
      checkRuns: [{ name: 'test', status: 'completed', conclusion: 'success', started_at: at(1), completed_at: at(1) }],
    };
  });
}

/**
 * A repository with `count` pull request heads streamed into `git fast-import`: each 1-4 commits from main's tip;
 * half merged by a merge commit, a quarter squashed, a tenth rebased (copies), the rest never merged.
 */
async function createPullRepo(dir: string, count: number): Promise<number> {
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
  await git(['init', '-q', '-b', 'main', dir], process.cwd(), env);
  const child = spawn('git', ['fast-import', '--quiet', '--done'], {
    cwd: dir,
    env,
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  const exited = once(child, 'close');
  const random = seededRandom(7);
  const parts: string[] = [];
  let mark = 0;
  let time = 1_735_689_600;
  let commits = 0;
  const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  const commit = (
    ref: string,
    message: string,
    from: number,
    options: { merge?: number; when?: number; file?: string } = {},
  ) => {
    mark += 1;
    time += 60;
    const who = `Dev <dev@example.test> ${options.when ?? time} +0000`;
    let text = `commit ${ref}\nmark :${mark}\nauthor ${who}\ncommitter Dev <dev@example.test> ${time} +0000\n${data(message)}`;
    if (from > 0) text += `from :${from}\n`;
    if (options.merge !== undefined) text += `merge :${options.merge}\n`;
    else text += `M 100644 inline ${options.file ?? `src/f${mark % 500}.ts`}\n${data(`// ${mark}\n`)}`;
    parts.push(text);
    commits += 1;
    return { mark, when: options.when ?? time };
  };
  let main = commit('refs/heads/main', 'chore: start', 0).mark;
  for (let n = 1; n <= count; n++) {
    const ref = `refs/pull/${n}/head`;
    let tip = main;
    const own: { message: string; when: number }[] = [];
    const length = 1 + Math.floor(random() * 4);
    for (let c = 0; c < length; c++) {
      const made = commit(ref, `work ${c} on #${n}`, tip, { file: `src/p${n}/f${c}.ts` });
      tip = made.mark;
      own.push({ message: `work ${c} on #${n}`, when: made.when });
    }
    const fate = random();
    if (fate < 0.5)
      main = commit('refs/heads/main', `Merge pull request #${n} from dev/p${n}\n\nChange ${n}`, main, {
        merge: tip,
      }).mark;
    else if (fate < 0.75) main = commit('refs/heads/main', `Change ${n} (#${n})`, main).mark;
    else if (fate < 0.85) for (const o of own) main = commit('refs/heads/main', o.message, main, { when: o.when }).mark;
    if (random() < 0.3) main = commit('refs/heads/main', `chore: direct change ${n}`, main).mark;
  }
  parts.push('done\n');
  const text = parts.join('');
  if (!child.stdin.write(text)) await once(child.stdin, 'drain');
  child.stdin.end();
  const [code] = (await exited) as [number | null];
  if (code !== 0) throw new Error(`git fast-import failed (exit ${code})`);
  await git(['reset', '-q', '--hard', 'main'], dir, env);
  return commits;
}

function git(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const c = spawn('git', args, { cwd, env, stdio: 'ignore' });
    c.on('error', reject);
    c.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`git ${args[0]} failed (exit ${code})`))));
  });
}
