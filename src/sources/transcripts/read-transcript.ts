import { open, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isTaskevalError } from '../../core/index.js';
import { BoundedEntryLog } from './bounded-entry-log.js';
import { forEachLine, MAX_LINE_LENGTH } from './for-each-line.js';
import { ClaudeCodeLineMapper } from './map-claude-code-line.js';
import { SessionTracker } from './session-tracker.js';
import { mapTrajectory, trajectoryFormat } from './map-trajectory.js';
import { mapAtif } from './map-atif.js';
import { ProblemList } from './problem-list.js';
import { emptyStats, type ReadTranscriptOptions, type TranscriptReadResult } from './transcript-types.js';

/** Whole-document JSON trajectories above this are reported instead of parsed: JSON.parse needs several times the file size. */
export const MAX_JSON_TRAJECTORY_BYTES = 64 * 1024 * 1024;

const SNIFF_BYTES = 64 * 1024;

/**
 * Reads one agent transcript into bounded agent log entries: Claude Code session JSONL (streamed
 * line by line) or a SWE-agent / mini-swe-agent trajectory JSON. Only the newest entries and the
 * newest tool errors are kept; `stats` counts everything. Unreadable input is a problem, not a throw,
 * unless `strict`.
 */
export async function readTranscript(path: string, options: ReadTranscriptOptions = {}): Promise<TranscriptReadResult> {
  const problems = new ProblemList(path, options.strict);
  const log = new BoundedEntryLog(options.keepNewest, options.keepToolErrors);
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    problems.add(
      {
        path,
        message: `cannot read transcript: ${reason(error)}; expected a readable Claude Code .jsonl or SWE-agent trajectory .json`,
      },
      'source_unreadable',
    );
    return { entries: [], problems: problems.done(), stats: emptyStats('unknown') };
  }
  if (!info.isFile()) {
    problems.add(
      { path, message: 'not a file; expected a Claude Code .jsonl or SWE-agent trajectory .json' },
      'source_unreadable',
    );
    return { entries: [], problems: problems.done(), stats: emptyStats('unknown') };
  }
  const kind = await sniffKind(path);
  if (kind === 'jsonl') {
    const stats = emptyStats('claude-code');
    const session = new SessionTracker();
    const mapper = new ClaudeCodeLineMapper(path, stats, info.mtime.toISOString(), session);
    await readJsonLines(path, mapper, log, problems, stats);
    mapper.finish();
    // Claude Code keeps a session's subagents beside it (<session>/subagents/*.jsonl): their work is the session's.
    const subagents = await subagentTranscripts(path);
    for (const sub of subagents) {
      const at = (await stat(sub).catch(() => info)).mtime.toISOString();
      const subMapper = new ClaudeCodeLineMapper(sub, stats, at, session);
      await readJsonLines(sub, subMapper, log, problems, stats);
      subMapper.finish();
    }
    if (subagents.length) stats.subagents = subagents.length;
    stats.session = session.summary();
    return { entries: log.entries(), problems: problems.done(), stats };
  }
  const maxBytes = options.maxJsonBytes ?? MAX_JSON_TRAJECTORY_BYTES;
  if (info.size > maxBytes) {
    const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
    problems.add({
      path,
      message: `trajectory JSON is ${mb(info.size)}, over the ${mb(maxBytes)} limit for a whole-document JSON file; not read (split it, or convert it to JSONL)`,
    });
    return { entries: [], problems: problems.done(), stats: emptyStats('unknown') };
  }
  let doc: unknown;
  try {
    doc = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    problems.add({
      path,
      message: `not valid JSON (${reason(error)}); expected a SWE-agent or mini-swe-agent trajectory document`,
    });
    return { entries: [], problems: problems.done(), stats: emptyStats('unknown') };
  }
  const format = trajectoryFormat(doc);
  if (!format) {
    problems.add({
      path,
      message:
        'not a known transcript; expected an ATIF trajectory ({"schema_version": "ATIF-v1.x", "steps": [...]}), a SWE-agent trajectory ({"trajectory": [...]}), a mini-swe-agent one ({"messages": [...]}), an OpenHands event list ([{"action": ...}, {"observation": ...}]) or Claude Code JSONL',
    });
    return { entries: [], problems: problems.done(), stats: emptyStats('unknown') };
  }
  const stats = emptyStats(format);
  const session = new SessionTracker();
  if (format === 'atif') mapAtif(doc as Record<string, unknown>, path, info.mtime.getTime(), log, stats, session);
  else mapTrajectory(doc as Record<string, unknown>, format, path, info.mtime.getTime(), log, stats, session);
  stats.session = session.summary();
  return { entries: log.entries(), problems: problems.done(), stats };
}

async function readJsonLines(
  path: string,
  mapper: ClaudeCodeLineMapper,
  log: BoundedEntryLog,
  problems: ProblemList,
  stats: { lines: number },
): Promise<void> {
  let last = 0;
  let evaluationRecords = 0;
  try {
    await forEachLine(path, (text, line) => {
      last = line;
      if (text === null) {
        problems.add({ path, line, message: `line longer than ${MAX_LINE_LENGTH / 1024 / 1024} MB; skipped` });
        return;
      }
      if (text.trim() === '') return;
      stats.lines += 1;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        problems.add({
          path,
          line,
          message: `not valid JSON (${reason(error)}); each line of a Claude Code transcript must be one JSON object`,
        });
        return;
      }
      if (isEvaluationRecord(value)) {
        // One instance of many: it cannot be linked to one task by this file's name.
        if (evaluationRecords++ === 0)
          problems.add({
            path,
            line,
            message:
              'an OpenHands evaluation output (one instance a line), not a session transcript: write each record to its own <instance_id>.json and give that directory to --transcripts',
          });
        return;
      }
      for (const entry of mapper.map(value)) log.add(entry);
    });
  } catch (error) {
    if (isTaskevalError(error)) throw error;
    problems.add(
      { path, line: last, message: `reading stopped after line ${last}: ${reason(error)}` },
      'source_unreadable',
    );
  }
}

/** `.jsonl`/`.ndjson` are line streams and `.json`/`.traj` documents; otherwise a first line that is a whole JSON object with a `type` means JSONL. */
async function sniffKind(path: string): Promise<'jsonl' | 'json'> {
  const lower = path.toLowerCase();
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'jsonl';
  if (lower.endsWith('.json') || lower.endsWith('.traj')) return 'json';
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    const head = buffer.subarray(0, bytesRead).toString('utf8');
    const first = head.split('\n').find((l) => l.trim() !== '') ?? '';
    try {
      const value = JSON.parse(first) as unknown;
      return typeof value === 'object' && value !== null && 'type' in value ? 'jsonl' : 'json';
    } catch {
      return 'json';
    }
  } finally {
    await handle.close();
  }
}

function reason(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  if (e.code === 'ENOENT') return 'no such file';
  if (e.code === 'EACCES') return 'permission denied';
  if (e.code === 'EISDIR') return 'is a directory';
  return String(e.message ?? error).replace(/\s+/g, ' ');
}

/** The subagent transcripts Claude Code keeps beside a session file, in name order; none for other files. */
export async function subagentTranscripts(path: string): Promise<string[]> {
  if (!path.endsWith('.jsonl')) return [];
  const dir = join(path.slice(0, -'.jsonl'.length), 'subagents');
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .filter((n) => n.endsWith('.jsonl'))
    .sort()
    .map((n) => join(dir, n));
}

/** A line of OpenHands' evaluation output.jsonl: one benchmark instance with its event history. */
function isEvaluationRecord(value: unknown): boolean {
  const v = value as { history?: unknown; instance_id?: unknown } | null;
  return typeof v === 'object' && v !== null && Array.isArray(v.history) && typeof v.instance_id === 'string';
}
