import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readTranscript } from '../src/sources/transcripts/index.js';

export interface TranscriptRssBenchOptions {
  /** Size of the generated transcript (default 1 GiB). */
  bytes?: number;
  log?: (line: string) => void;
}

export interface TranscriptRssBenchReport {
  bytes: number;
  lines: number;
  entriesKept: number;
  toolErrors: number;
  maxRssMb: number;
  readSeconds: number;
  pass: boolean;
}

const RSS_TARGET_MB = 200;
const GIB = 1024 * 1024 * 1024;
const self = fileURLToPath(import.meta.url);

/** Realistic Claude Code session lines: prose, thinking, tool calls, results (some failed, some large). */
function sessionLine(i: number): string {
  const timestamp = new Date(Date.UTC(2026, 0, 1) + i * 250).toISOString();
  const base = {
    sessionId: '5d1f0b7e-2c1a-4a55-9a0e-6f1c2e3d4b5a',
    cwd: '/home/dev/project',
    version: '1.0.72',
    uuid: `u-${i}`,
    timestamp,
    isSidechain: false,
  };
  const usage = {
    input_tokens: 40 + (i % 97),
    cache_creation_input_tokens: i % 13,
    cache_read_input_tokens: 9000 + (i % 500),
    output_tokens: 20 + (i % 300),
  };
  switch (i % 4) {
    case 0:
      return JSON.stringify({
        ...base,
        type: 'assistant',
        message: {
          id: `msg_${i}`,
          role: 'assistant',
          content: [
            { type: 'text', text: `Step ${i}: ${'reading the store and settings code; '.repeat(20 + (i % 40))}` },
          ],
          usage,
        },
      });
    case 1:
      return JSON.stringify({
        ...base,
        type: 'assistant',
        message: {
          id: `msg_${i - 1}`,
          role: 'assistant',
          content: [
            {
              type: 'tool_use',
              id: `toolu_${i}`,
              name: 'Bash',
              input: { command: `pnpm test --filter core -- store.test.ts # ${i}` },
            },
          ],
          usage,
        },
      });
    case 2: {
      const big = i % 400 === 2 ? 'x'.repeat(200_000) : 'ok '.repeat(300 + (i % 700));
      return JSON.stringify({
        ...base,
        type: 'user',
        message: {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: `toolu_${i - 1}`,
              content: `PASS packages/core ${big}`,
              is_error: i % 50 === 2,
            },
          ],
        },
      });
    }
    default:
      return JSON.stringify({
        ...base,
        type: 'assistant',
        message: {
          id: `msg_${i}`,
          role: 'assistant',
          content: [{ type: 'thinking', thinking: 'The allowlist drops the key. '.repeat(30), signature: 's' }],
          usage,
        },
      });
  }
}

/** Streams `bytes` of JSONL to `path`, honouring back-pressure so the writer stays small too. */
export async function writeSyntheticTranscript(path: string, bytes: number): Promise<number> {
  const out = createWriteStream(path);
  let written = 0;
  let lines = 0;
  while (written < bytes) {
    const chunk: string[] = [];
    let size = 0;
    while (size < 1024 * 1024 && written + size < bytes) {
      const line = `${sessionLine(lines++)}\n`;
      chunk.push(line);
      size += line.length;
    }
    written += size;
    if (!out.write(chunk.join(''))) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolveEnd, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolveEnd())),
  );
  return lines;
}

/** Runs the reader in a fresh process so its peak RSS is the reader's alone. */
function readInChild(
  path: string,
): Promise<{ maxRssKb: number; seconds: number; lines: number; entries: number; toolErrors: number }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', self, '--child', path], {
      stdio: ['ignore', 'pipe', 'inherit'],
      cwd: resolve(self, '..', '..'),
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolveRun(JSON.parse(out.trim().split('\n').at(-1)!))
        : reject(new Error(`transcript reader exited ${code}`)),
    );
  });
}

/** `npm run bench -- transcripts`: peak RSS of readTranscript over a generated 1 GiB Claude Code transcript; target under 200 MB. */
export async function run(options: TranscriptRssBenchOptions = {}): Promise<TranscriptRssBenchReport> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const bytes = options.bytes ?? GIB;
  const dir = await mkdtemp(join(tmpdir(), 'taskeval-transcript-bench-'));
  try {
    const path = join(dir, 'session.jsonl');
    log(`transcripts: generating ${(bytes / GIB).toFixed(2)} GiB Claude Code transcript...`);
    const generated = await writeSyntheticTranscript(path, bytes);
    const size = (await stat(path)).size;
    const result = await readInChild(path);
    const maxRssMb = Math.round(result.maxRssKb / 1024);
    const report: TranscriptRssBenchReport = {
      bytes: size,
      lines: result.lines,
      entriesKept: result.entries,
      toolErrors: result.toolErrors,
      maxRssMb,
      readSeconds: Math.round(result.seconds * 10) / 10,
      pass: maxRssMb < RSS_TARGET_MB && result.lines === generated,
    };
    log(
      `transcripts: ${report.lines} lines (${(size / GIB).toFixed(2)} GiB) read in ${report.readSeconds}s, ${report.entriesKept} entries kept, ${report.toolErrors} tool errors counted`,
    );
    log(`transcripts: peak RSS ${maxRssMb} MB (target < ${RSS_TARGET_MB} MB) ${report.pass ? 'PASS' : 'FAIL'}`);
    return report;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child' && process.argv[1] && resolve(process.argv[1]) === self) {
  const start = process.hrtime.bigint();
  const { entries, stats } = await readTranscript(process.argv[3]!);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  process.stdout.write(
    `${JSON.stringify({ maxRssKb: process.resourceUsage().maxRSS, seconds, lines: stats.lines, entries: entries.length, toolErrors: stats.toolErrors })}\n`,
  );
}
