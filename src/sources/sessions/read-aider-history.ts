import { readFile } from 'node:fs/promises';
import type { AgentLogEntry } from '../../core/index.js';
import { BoundedEntryLog, boundText } from '../transcripts/index.js';
import { emptyStats, type TranscriptReadResult } from '../transcripts/transcript-types.js';
import type { AgentSessionFile } from './agent-session-file.js';

/** Aider's history file, in the repository it ran in. */
export const AIDER_HISTORY_FILE = '.aider.chat.history.md';

const STARTED = /^# aider chat started at (\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d)\s*$/;
const COMMIT = /^> Commit ([0-9a-f]{7,40})\b/;
const MODEL = /^> (?:Main model|Model): (\S+)/;
const VERSION = /^> Aider v(\S+)/;
const FAILED = /\b(?:error|failed|traceback)\b/i;
/** `> Tokens: 4.2k sent, 1.1k cache write, 2.3k cache hit, 564 received. Cost: …` after each reply (rounded by Aider). */
const TOKENS = /^Tokens: (.+?)\.\s*(?:Cost:|$)/;

interface AiderSessionText {
  startedAt: string | null;
  lines: string[];
}

/**
 * Splits `.aider.chat.history.md` into its sessions (each opens with `# aider chat started at …`, in the
 * machine's local time). Aider writes no other times; a session runs until the next one starts, and names every
 * commit it made (`> Commit 4a5b6c7 …`). The last one's end is left null: the file's time says when it was last
 * written or checked out, not when the session ended (lastAiderCommitTimes gives it its last commit's time).
 */
export async function scanAiderHistory(path: string): Promise<AgentSessionFile[]> {
  const sessions = splitSessions(await readFile(path, 'utf8'));
  return sessions.map((s, i) => {
    let model: string | null = null;
    let version: string | null = null;
    const commitShas: string[] = [];
    for (const line of s.lines) {
      model ??= MODEL.exec(line)?.[1] ?? null;
      version ??= VERSION.exec(line)?.[1] ?? null;
      const sha = COMMIT.exec(line)?.[1];
      if (sha) commitShas.push(sha);
    }
    const next = sessions[i + 1]?.startedAt ?? null;
    return {
      agent: 'aider' as const,
      path,
      segment: i,
      sessionId: s.startedAt,
      cwd: null,
      branch: null,
      startedAt: s.startedAt,
      endedAt: next,
      model,
      agentVersion: version,
      commitShas,
    };
  });
}

/** One Aider session as bounded log entries: `####` lines are the user's, `>` lines Aider's tool output. */
export async function readAiderSession(path: string, segment: number): Promise<TranscriptReadResult> {
  const stats = emptyStats('aider');
  const log = new BoundedEntryLog();
  const session = splitSessions(await readFile(path, 'utf8'))[segment];
  const timestamp = session?.startedAt ?? new Date(0).toISOString();
  const add = (type: AgentLogEntry['type'], text: string) =>
    log.add({ timestamp, type, text: boundText(text), agent: 'aider', origin: path });
  let prose: string[] = [];
  // Until the user's first message Aider only starts up (version check, .gitignore prompt): no tool ran yet.
  let started = false;
  const flush = () => {
    if (prose.join('').trim()) add('text', prose.join('\n').trim());
    prose = [];
  };
  for (const line of session?.lines ?? []) {
    stats.lines += 1;
    if (line.startsWith('#### ')) {
      started = true;
      flush();
      add('text', line.slice(5));
    } else if (line.startsWith('> ')) {
      flush();
      const text = line.slice(2);
      const tokens = TOKENS.exec(text.trim());
      if (tokens) {
        countTokens(tokens[1]!, stats);
        continue;
      }
      stats.toolCalls += text.startsWith('Applied edit') || text.startsWith('Running ') ? 1 : 0;
      if (started && FAILED.test(text)) {
        stats.toolErrors += 1;
        add('tool_error', text);
      } else add('tool_result', text);
    } else prose.push(line);
  }
  flush();
  return { entries: log.entries(), problems: [], stats };
}

/** Aider's `sent` includes the tokens the cache served (LiteLLM's prompt_tokens); stats keep them apart. */
function countTokens(parts: string, stats: TranscriptReadResult['stats']): void {
  const n = { sent: 0, received: 0, 'cache hit': 0 } as Record<string, number>;
  for (const part of parts.split(',')) {
    const match = /^\s*([\d.]+)([kM]?)\s+(sent|received|cache hit|cache write)\s*$/.exec(part);
    if (!match) continue;
    const value = Math.round(Number(match[1]) * (match[2] === 'k' ? 1_000 : match[2] === 'M' ? 1_000_000 : 1));
    if (Number.isFinite(value)) n[match[3]!] = value;
  }
  stats.inputTokens += Math.max(0, (n.sent ?? 0) - (n['cache hit'] ?? 0));
  stats.outputTokens += n.received ?? 0;
  stats.cachedTokens += n['cache hit'] ?? 0;
}

function splitSessions(text: string): AiderSessionText[] {
  const sessions: AiderSessionText[] = [];
  for (const line of text.split('\n')) {
    const started = STARTED.exec(line);
    if (started) {
      const at = new Date(started[1]!.replace(' ', 'T'));
      sessions.push({ startedAt: Number.isNaN(at.getTime()) ? null : at.toISOString(), lines: [] });
    } else sessions.at(-1)?.lines.push(line);
  }
  return sessions;
}
