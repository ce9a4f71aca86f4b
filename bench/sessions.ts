import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import * as zlib from 'node:zlib';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
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

/** A session's lines of `bytes` in memory (for the formats written whole: compressed, JSON, telemetry). */
function sessionText(agent: 'claude' | 'codex', cwd: string, bytes: number, start: number): string {
  const lines: string[] = [];
  let written = 0;
  for (let i = 0; written < bytes; i += 1) {
    const text = line(agent, cwd, start + i * 1_000, i);
    lines.push(text);
    written += text.length + 1;
  }
  return `${lines.join('\n')}\n`;
}

/** A Gemini CLI chat of about `bytes`, as its chat recording writes it. */
function geminiChat(cwd: string, bytes: number, start: number, i: number): string {
  const filler = 'reading the store and settings code; '.repeat(20);
  const messages = [];
  for (let k = 0, size = 0; size < bytes; k += 1) {
    const at = new Date(start + k * 1_000).toISOString();
    const m =
      k % 2
        ? {
            id: `m${k}`,
            timestamp: at,
            type: 'gemini',
            content: filler,
            model: 'gemini-2.5-pro',
            tokens: { input: 900, output: 50, cached: 600, total: 1550 },
            toolCalls: [
              {
                id: `t${k}`,
                name: 'run_shell_command',
                args: { command: 'npm test' },
                status: k % 17 ? 'success' : 'error',
                timestamp: at,
                resultDisplay: filler,
              },
            ],
          }
        : { id: `m${k}`, timestamp: at, type: 'user', content: filler };
    messages.push(m);
    size += JSON.stringify(m).length;
  }
  const hash = createHash('sha256').update(cwd).digest('hex');
  return JSON.stringify(
    {
      sessionId: `gemini-${i}`,
      projectHash: hash,
      startTime: new Date(start).toISOString(),
      lastUpdated: new Date(start + messages.length * 1_000).toISOString(),
      messages,
    },
    null,
    2,
  );
}

/** An OTLP logs export of about `bytes`: Claude Code's telemetry events, one session a request line. */
function otlpExport(bytes: number, start: number, i: number): string {
  const s = (key: string, value: string) => ({ key, value: { stringValue: value } });
  const lines: string[] = [];
  for (let k = 0, size = 0; size < bytes; k += 1) {
    const records = Array.from({ length: 50 }, (_, r) => ({
      timeUnixNano: `${start + (k * 50 + r) * 1_000}000000`,
      body: { stringValue: 'claude_code.tool_result' },
      attributes: [
        s('event.name', 'tool_result'),
        s('session.id', `otel-${i}`),
        s('tool_name', 'Bash'),
        s('success', r % 13 ? 'true' : 'false'),
      ],
    }));
    const text = JSON.stringify({
      resourceLogs: [
        { resource: { attributes: [s('service.name', 'claude-code')] }, scopeLogs: [{ logRecords: records }] },
      ],
    });
    lines.push(text);
    size += text.length + 1;
  }
  return `${lines.join('\n')}\n`;
}

/**
 * `npm run bench -- sessions`: discovery over 2,000 session files (1 GiB in all, sizes from 40 KiB to about 10 MiB)
 * of every format it reads: Claude Code projects under ~/.claude and ~/.config/claude (some with subagents), Codex
 * rollouts live, archived and zstd-compressed, Gemini CLI chats, OpenCode, pi and Copilot CLI sessions, Cursor chats, OpenTelemetry
 * exports, and an Aider history; in a child process running the built code (`npm run build` first); target under
 * 30 s and 200 MB peak RSS.
 */
export async function run(
  log: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
): Promise<SessionsBenchReport> {
  if (!existsSync(join(root, 'dist/sources/index.js')))
    throw new Error('bench sessions runs the built code: run `npm run build` first');
  const home = await mkdtemp(join(tmpdir(), 'taskeval-bench-sessions-'));
  try {
    const repo = join(home, 'project');
    await mkdir(repo, { recursive: true });
    const claudeDirs = [join(home, '.claude'), join(home, '.config', 'claude')].map((d) =>
      join(d, 'projects', claudeProjectSlug(repo)),
    );
    for (const d of claudeDirs) await mkdir(d, { recursive: true });
    const otlpDir = join(home, 'otlp');
    const geminiDir = join(home, '.gemini', 'tmp', createHash('sha256').update(repo).digest('hex'), 'chats');
    await mkdir(otlpDir, { recursive: true });
    await mkdir(geminiDir, { recursive: true });
    // Sizes vary 100-fold around the mean, as real sessions do.
    const weights = Array.from({ length: FILES }, (_, i) => 0.1 + ((i * 7919) % 100) / 10);
    const scale = TOTAL_BYTES / weights.reduce((a, b) => a + b, 0);
    let bytes = 0;
    let expected = 0;
    const kinds = new Map<string, number>();
    const started = Date.now();
    for (let i = 0; i < FILES; i += 1) {
      // The last file is the repository's Aider history: one file a repository.
      const kind =
        i === FILES - 1
          ? 'aider'
          : (
              [
                'claude',
                'claude',
                'claude-config',
                'codex',
                'codex-archived',
                'codex-zst',
                'gemini',
                'opencode',
                'otlp',
                'claude',
                'pi',
                'copilot',
                'cursor',
              ] as const
            )[i % 13]!;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      const size = Math.round(weights[i]! * scale);
      const start = Date.UTC(2026, 2, 1) + i * 3_600_000;
      if (kind === 'claude' || kind === 'claude-config') {
        const dir = claudeDirs[kind === 'claude' ? 0 : 1]!;
        await writeSession(join(dir, `session-${i}.jsonl`), 'claude', repo, size, start);
        if (i % 20 === 0) {
          // A subagent beside the session: read with it, never a session of its own.
          await mkdir(join(dir, `session-${i}`, 'subagents'), { recursive: true });
          await writeSession(join(dir, `session-${i}`, 'subagents', 'agent-1.jsonl'), 'claude', repo, 40_000, start);
        }
        expected += 1;
      } else if (kind.startsWith('codex')) {
        const tree = kind === 'codex-archived' ? 'archived_sessions' : 'sessions';
        const dir = join(home, '.codex', tree, '2026', '03', String(1 + (i % 28)).padStart(2, '0'));
        await mkdir(dir, { recursive: true });
        const name = join(dir, `rollout-2026-03-01T00-00-00-${i}.jsonl`);
        if (kind === 'codex-zst')
          await writeFile(`${name}.zst`, zlib.zstdCompressSync(Buffer.from(sessionText('codex', repo, size, start))));
        else await writeSession(name, 'codex', repo, size, start);
        expected += 1;
      } else if (kind === 'gemini') {
        await writeFile(join(geminiDir, `session-2026-03-01T00-00-${i}.json`), geminiChat(repo, size, start, i));
        expected += 1;
      } else if (kind === 'opencode') {
        // A session file, and its one message with one part holding the text.
        const storage = join(home, '.local', 'share', 'opencode', 'storage');
        const put = async (rel: string, value: object) => {
          await mkdir(join(storage, rel, '..'), { recursive: true });
          await writeFile(join(storage, rel), JSON.stringify(value));
        };
        await put(`session/prj/ses_${i}.json`, {
          id: `ses_${i}`,
          directory: repo,
          version: '0.15.18',
          time: { created: start, updated: start + 600_000 },
        });
        await put(`message/ses_${i}/msg_${i}.json`, {
          id: `msg_${i}`,
          sessionID: `ses_${i}`,
          role: 'assistant',
          modelID: 'claude-sonnet-4-5',
          time: { created: start },
        });
        await put(`part/msg_${i}/prt_1.json`, {
          id: 'prt_1',
          type: 'text',
          text: 'reading the store; '.repeat(Math.max(1, Math.round(size / 19))),
        });
        expected += 1;
      } else if (kind === 'pi') {
        const folder = join(home, '.pi', 'agent', 'sessions', `--${repo.replace(/^\//, '').replace(/\//g, '-')}--`);
        await mkdir(folder, { recursive: true });
        const header = JSON.stringify({
          type: 'session',
          version: 3,
          id: `pi-${i}`,
          timestamp: new Date(start).toISOString(),
          cwd: repo,
        });
        const body = sessionText('claude', repo, size, start)
          .split('\n')
          .filter(Boolean)
          .map((_, k) =>
            JSON.stringify({
              type: 'message',
              id: `m${k}`,
              timestamp: new Date(start + k * 1_000).toISOString(),
              message: {
                role: 'assistant',
                model: 'gpt-5',
                content: [{ type: 'text', text: 'reading the store and settings code; '.repeat(20) }],
              },
            }),
          );
        await writeFile(join(folder, `${i}_pi.jsonl`), `${[header, ...body].join('\n')}\n`);
        expected += 1;
      } else if (kind === 'copilot') {
        const dir = join(home, '.copilot', 'session-state', `copilot-${i}`);
        await mkdir(dir, { recursive: true });
        await writeFile(join(dir, 'workspace.yaml'), `cwd: ${repo}\n`);
        const ev = (k: number, type: string, data: object) =>
          JSON.stringify({
            type,
            id: `e${k}`,
            timestamp: new Date(start + k * 1_000).toISOString(),
            parentId: null,
            data,
          });
        const lines = [
          ev(0, 'session.start', {
            sessionId: `copilot-${i}`,
            version: 1,
            copilotVersion: '0.0.369',
            startTime: new Date(start).toISOString(),
          }),
        ];
        for (let k = 1, written = 0; written < size; k += 1) {
          const text = ev(k, 'assistant.message', {
            model: 'claude-sonnet-4.5',
            content: 'reading the store and settings code; '.repeat(20),
            outputTokens: 40,
          });
          lines.push(text);
          written += text.length + 1;
        }
        await writeFile(join(dir, 'events.jsonl'), `${lines.join('\n')}\n`);
        expected += 1;
      } else if (kind === 'cursor') {
        // A chat store: its meta row and one linking blob over messages of the chat's size.
        const dir = join(home, '.cursor', 'chats', createHash('md5').update(repo).digest('hex'), `cursor-${i}`);
        await mkdir(dir, { recursive: true });
        const db = new Database(join(dir, 'store.db'));
        db.exec(
          'CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT); CREATE TABLE blobs (id TEXT PRIMARY KEY, data BLOB)',
        );
        const add = db.prepare('INSERT OR IGNORE INTO blobs VALUES (?, ?)');
        const refs: Buffer[] = [];
        for (let k = 0, written = 0; written < size; k += 1) {
          const blob = Buffer.from(
            JSON.stringify({
              id: '1',
              role: 'assistant',
              content: [{ type: 'text', text: `${k} ${'reading the store; '.repeat(200)}` }],
            }),
          );
          const id = createHash('sha256').update(blob).digest();
          add.run(id.toString('hex'), blob);
          refs.push(Buffer.from([0x0a, 0x20]), id);
          written += blob.length;
        }
        const root = Buffer.concat(refs);
        const rootId = createHash('sha256').update(root).digest('hex');
        add.run(rootId, root);
        const meta = { agentId: `cursor-${i}`, latestRootBlobId: rootId, createdAt: start, lastUsedModel: 'gpt-5' };
        db.prepare("INSERT INTO meta VALUES ('0', ?)").run(Buffer.from(JSON.stringify(meta)).toString('hex'));
        db.close();
        expected += 1;
      } else if (kind === 'otlp') {
        await writeFile(join(otlpDir, `export-${i}.jsonl`), otlpExport(size, start, i));
        expected += 1;
      } else {
        await writeFile(
          join(repo, '.aider.chat.history.md'),
          `# aider chat started at 2026-03-01 10:00:00\n\n#### fix it\n\n${'> reading the store\n'.repeat(Math.max(1, Math.round(size / 20)))}`,
        );
        expected += 1;
      }
      bytes += size;
    }
    log(
      `sessions: generated ${FILES} session files, ${(bytes / 1024 / 1024 / 1024).toFixed(2)} GiB, in ${((Date.now() - started) / 1000).toFixed(1)} s: ${[...kinds].map(([k, n]) => `${n} ${k}`).join(', ')}`,
    );
    // As the commands do: collections paced between files (runs' heap pacer).
    // The built code, as `npx taskeval` runs it: through tsx the probe cost ~100 MB before it read a file.
    const probe = `const { discoverSessions } = await import(${JSON.stringify(join(root, 'dist/sources/index.js'))});
const { createHeapPacer } = await import(${JSON.stringify(join(root, 'dist/runs/heap-pacer.js'))});
const t = Date.now();
const found = await discoverSessions({ repoDirs: [${JSON.stringify(repo)}], home: ${JSON.stringify(home)}, otlp: [${JSON.stringify(otlpDir)}], onFile: createHeapPacer() });
console.log(JSON.stringify({ scanned: found.scanned, found: found.inRepo.length, ms: Date.now() - t }));`;
    const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((done, fail) => {
      const child = spawn(
        process.execPath,
        ['--import', join(root, 'bench/report-max-rss.mjs'), '--input-type=module', '-e', probe],
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
      `sessions: discovery looked at ${result.scanned} files and found ${result.found} of the ${expected} sessions that ran in the repository in ${seconds.toFixed(1)} s (target < ${SECONDS_TARGET} s) ${okTime ? 'PASS' : 'MISS'}`,
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
      pass: okTime && okRss && result.found === expected,
    };
  } finally {
    if (!process.env.BENCH_KEEP) await rm(home, { recursive: true, force: true });
    else log(`sessions: kept ${home}`);
  }
}
