import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { claudeProjectSlug } from '../src/sources/index.js';

export interface SessionsBenchReport {
  files: number;
  bytes: number;
  found: number;
  seconds: number;
  maxRssMb: number;
  pass: boolean;
}

const FILES = 2_000;
const TOTAL_BYTES = 1024 * 1024 * 1024;
const SECONDS_TARGET = 30;
const RSS_TARGET_MB = 200;
const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** One session line of either agent, about `size` bytes, at time `t`. */
function line(agent: 'claude' | 'codex', cwd: string, t: number, i: number): string {
  const timestamp = new Date(t).toISOString();
  const filler = 'reading the store and settings code; '.repeat(10 + (i % 30));
  if (agent === 'codex') {
    return i === 0
      ? JSON.stringify({
          timestamp,
          type: 'session_meta',
          payload: { id: `codex-${t}`, timestamp, cwd, cli_version: '0.46.0', git: { branch: 'main' } },
        })
      : JSON.stringify({
          timestamp,
          type: 'response_item',
          payload: {
            type: 'function_call_output',
            call_id: `c${i}`,
            output: JSON.stringify({ output: filler, metadata: { exit_code: i % 17 === 0 ? 1 : 0 } }),
          },
        });
  }
  return JSON.stringify({
    cwd,
    sessionId: `s-${t}`,
    gitBranch: 'main',
    version: '1.0.72',
    timestamp,
    type: i % 2 ? 'assistant' : 'user',
    message: {
      role: i % 2 ? 'assistant' : 'user',
      model: 'claude-sonnet-4-5',
      content: [{ type: 'text', text: filler }],
    },
  });
}

async function writeSession(
  path: string,
  agent: 'claude' | 'codex',
  cwd: string,
  bytes: number,
  start: number,
): Promise<void> {
  const out = createWriteStream(path);
  let written = 0;
  for (let i = 0; written < bytes; i += 1) {
    const text = `${line(agent, cwd, start + i * 1_000, i)}\n`;
    written += text.length;
    if (!out.write(text)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((r, j) => out.end((e?: Error | null) => (e ? j(e) : r())));
}

/**
 * `npm run bench -- sessions`: discovery over 2,000 session files (1 GiB in all: half Claude Code project
 * files, half Codex rollouts, sizes from 40 KiB to 4 MiB) in a child process; target under 30 s and
 * 200 MB peak RSS.
 */
export async function run(
  log: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
): Promise<SessionsBenchReport> {
  const home = await mkdtemp(join(tmpdir(), 'taskeval-bench-sessions-'));
  try {
    const repo = '/work/project';
    const claudeDir = join(home, '.claude', 'projects', claudeProjectSlug(repo));
    await mkdir(claudeDir, { recursive: true });
    // Sizes vary 100-fold around the mean, as real sessions do.
    const weights = Array.from({ length: FILES }, (_, i) => 0.1 + ((i * 7919) % 100) / 10);
    const scale = TOTAL_BYTES / weights.reduce((a, b) => a + b, 0);
    let bytes = 0;
    const started = Date.now();
    for (let i = 0; i < FILES; i += 1) {
      const size = Math.round(weights[i]! * scale);
      bytes += size;
      const start = Date.UTC(2026, 2, 1) + i * 3_600_000;
      if (i % 2 === 0) await writeSession(join(claudeDir, `session-${i}.jsonl`), 'claude', repo, size, start);
      else {
        const dir = join(home, '.codex', 'sessions', '2026', '03', String(1 + (i % 28)).padStart(2, '0'));
        await mkdir(dir, { recursive: true });
        await writeSession(join(dir, `rollout-2026-03-01T00-00-00-${i}.jsonl`), 'codex', repo, size, start);
      }
    }
    log(
      `sessions: generated ${FILES} session files, ${(bytes / 1024 / 1024 / 1024).toFixed(2)} GiB, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const probe = `const { discoverSessions } = await import(${JSON.stringify(join(root, 'src/sources/index.ts'))});
const t = Date.now();
const found = await discoverSessions({ repoDirs: [${JSON.stringify(repo)}], home: ${JSON.stringify(home)} });
console.log(JSON.stringify({ scanned: found.scanned, found: found.inRepo.length, ms: Date.now() - t }));`;
    const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((done, fail) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', '--import', join(root, 'bench/report-max-rss.mjs'), '--input-type=module', '-e', probe],
        { cwd: root },
      );
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.on('error', fail);
      child.on('close', (code) =>
        code === 0 ? done({ stdout: out, stderr: err }) : fail(new Error(`discovery exited ${code}: ${err}`)),
      );
    });
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as { scanned: number; found: number; ms: number };
    const maxRssMb = Number(/max-rss-kib (\d+)/.exec(stderr)?.[1] ?? 0) / 1024;
    const seconds = result.ms / 1000;
    const okTime = seconds < SECONDS_TARGET;
    const okRss = maxRssMb < RSS_TARGET_MB;
    log(
      `sessions: discovery looked at ${result.scanned} files and found ${result.found} that ran in the repository in ${seconds.toFixed(1)} s (target < ${SECONDS_TARGET} s) ${okTime ? 'PASS' : 'MISS'}`,
    );
    log(
      `sessions: peak RSS of the discovering process ${maxRssMb.toFixed(0)} MB (target < ${RSS_TARGET_MB} MB) ${okRss ? 'PASS' : 'MISS'}`,
    );
    return {
      files: result.scanned,
      bytes,
      found: result.found,
      seconds,
      maxRssMb,
      pass: okTime && okRss && result.found === FILES,
    };
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}
