import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { seedManyResults } from '../src/server/testing/seed-many-results.js';
import { openSqliteStore } from '../src/store/index.js';

/**
 * `npm run bench -- serve`: the dashboard under load, as a team's browsers and scripts meet it. A real
 * `taskeval serve` process over 100,000 stored results (BENCH_ROWS), then:
 *  1. each route asked alone, one request at a time: the CPU one request of it costs the server;
 *  2. 50 clients on keep-alive connections (BENCH_CLIENTS) asking the routes in turn for 60 s (BENCH_SECONDS):
 *     per route the requests, errors (resets, refusals, non-200) and p50/p95, and the server's CPU a request.
 * Passes when no request fails and every route's p95 under load stays under 2 s.
 */
const P95_TARGET_MS = 2_000;

interface RouteFigures {
  route: string;
  count: number;
  errors: number;
  p50Ms: number;
  p95Ms: number;
  aloneCpuMs: number;
}

export async function run(): Promise<{ pass: boolean; routes: RouteFigures[] }> {
  const rows = Number(process.env.BENCH_ROWS ?? 100_000);
  const clients = Number(process.env.BENCH_CLIENTS ?? 50);
  const seconds = Number(process.env.BENCH_SECONDS ?? 60);
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const dir = mkdtempSync(join(tmpdir(), 'taskeval-bench-serve-'));
  const db = join(dir, 'taskeval.db');
  let server: ChildProcess | null = null;
  try {
    const store = openSqliteStore({ path: db });
    const seeded = await seedManyResults(store, rows, undefined, { complete: false });
    await store.transitionRun(seeded.id, 'completed', { now: new Date().toISOString() });
    const someResult = (await store.listResults({ runId: seeded.id, limit: 1, offset: Math.floor(rows / 2) }))
      .items[0]!;
    await store.close();
    log(`serve: seeded ${rows.toLocaleString('en-US')} results in one run`);

    server = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(import.meta.dirname, '..', 'src', 'cli', 'bin.ts'),
        'serve',
        '--db',
        db,
        '--port',
        '0',
        '--no-auth',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const origin = await listeningOrigin(server);
    const pid = server.pid!;
    const routes: [string, string][] = [
      ['overview', '/'],
      ['runs', '/runs'],
      ['run page', `/runs/${seeded.id}`],
      ['run page, deep', `/runs/${seeded.id}?offset=90000`],
      ['results, band weak', '/results?band=weak&sort=overall'],
      ['result', `/results/${someResult.id}`],
      ['compare by agent', '/compare?by=agent'],
      ['api results', '/api/results?limit=50&offset=1000'],
      ['api run', `/api/runs/${seeded.id}`],
      ['api compare', '/api/compare?by=model'],
    ];
    const agent = new Agent({ keepAlive: true, maxSockets: clients });

    // 1. Alone: the first ask of each route computes (caches fill), then five asks one at a time.
    const aloneCpu = new Map<string, number>();
    for (const [name, path] of routes) {
      await get(agent, origin, path);
      const before = cpuMs(pid);
      for (let i = 0; i < 5; i++) {
        const answer = await get(agent, origin, path);
        if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
      }
      aloneCpu.set(name, (cpuMs(pid) - before) / 5);
    }

    // 2. Under load.
    const samples = new Map<string, { times: number[]; errors: number; said: Set<string> }>(
      routes.map(([name]) => [name, { times: [], errors: 0, said: new Set() }]),
    );
    const cpuBefore = cpuMs(pid);
    const until = performance.now() + seconds * 1000;
    let next = 0;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < until) {
          const [name, path] = routes[next++ % routes.length]!;
          const sample = samples.get(name)!;
          const started = performance.now();
          try {
            const answer = await get(agent, origin, path);
            if (answer.status === 200) sample.times.push(performance.now() - started);
            else {
              sample.errors++;
              sample.said.add(`status ${answer.status}`);
            }
          } catch (error) {
            sample.errors++;
            sample.said.add((error as NodeJS.ErrnoException).code ?? (error as Error).message);
          }
        }
      }),
    );
    const loadCpu = cpuMs(pid) - cpuBefore;
    agent.destroy();

    const figures: RouteFigures[] = [];
    let total = 0;
    for (const [name] of routes) {
      const { times, errors, said } = samples.get(name)!;
      times.sort((a, b) => a - b);
      total += times.length + errors;
      const f: RouteFigures = {
        route: name,
        count: times.length + errors,
        errors,
        p50Ms: times.length ? times[Math.floor(times.length * 0.5)]! : Number.NaN,
        p95Ms: times.length ? times[Math.min(times.length - 1, Math.floor(times.length * 0.95))]! : Number.NaN,
        aloneCpuMs: aloneCpu.get(name)!,
      };
      figures.push(f);
      log(
        `serve: ${name.padEnd(20)} ${String(f.count).padStart(6)} requests, ${f.errors} errors${said.size ? ` (${[...said].join(', ')})` : ''}, ` +
          `p50 ${f.p50Ms.toFixed(0)} ms, p95 ${f.p95Ms.toFixed(0)} ms; alone ${f.aloneCpuMs.toFixed(1)} ms CPU a request ` +
          `${f.errors === 0 && f.p95Ms < P95_TARGET_MS ? 'PASS' : 'MISS'}`,
      );
    }
    log(
      `serve: ${clients} clients for ${seconds} s: ${total.toLocaleString('en-US')} requests (${(total / seconds).toFixed(0)}/s), ` +
        `server ${(loadCpu / Math.max(1, total)).toFixed(1)} ms CPU a request, ${figures.reduce((n, f) => n + f.errors, 0)} errors ` +
        `(target: none, and every route's p95 under ${P95_TARGET_MS} ms)`,
    );
    return { pass: figures.every((f) => f.errors === 0 && f.p95Ms < P95_TARGET_MS), routes: figures };
  } finally {
    server?.kill('SIGTERM');
    if (server) await new Promise((resolve) => server!.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

function get(agent: Agent, origin: string, path: string): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The URL the serve process prints once it listens. */
function listeningOrigin(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let said = '';
    const look = (chunk: Buffer) => {
      said += chunk.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(said);
      if (m) resolve(m[1]!);
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    child.once('exit', (code) => reject(new Error(`taskeval serve ended (${code}) before listening:\n${said}`)));
  });
}

/** The CPU a process has used, user and system, in ms (Linux /proc; clock ticks are 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
