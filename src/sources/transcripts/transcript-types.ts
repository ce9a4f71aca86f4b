import type { AgentLogEntry, AgentSession } from '../../core/index.js';
import type { SourceProblem } from '../source-read-result.js';

/** Which agent wrote a transcript. */
export type TranscriptFormat =
  | 'claude-code'
  | 'codex'
  | 'aider'
  | 'swe-agent'
  | 'mini-swe-agent'
  | 'openhands'
  | 'atif'
  | 'otlp'
  | 'gemini-cli'
  | 'opencode'
  | 'pi'
  | 'copilot-cli'
  | 'cursor'
  | 'unknown';

/** Counts over the whole transcript, including entries not kept. */
export interface TranscriptStats {
  format: TranscriptFormat;
  /** JSONL lines read, or trajectory steps/messages. */
  lines: number;
  toolCalls: number;
  toolErrors: number;
  /** Input tokens not served from a cache. */
  inputTokens: number;
  outputTokens: number;
  /** Input tokens read from a prompt cache. */
  cachedTokens: number;
  /** The agent a trajectory names (ATIF's `agent.name`), where the format itself does not say it. */
  agent?: string;
  /** The model the agent ran, as the transcript names it (SWE-agent's config, OpenHands' and mini-swe-agent's replies). */
  model?: string;
  /** SWE-agent / mini-swe-agent `info.exit_status`. */
  exitStatus?: string;
  /** Subagent transcripts read with the session and counted in it (Claude Code's <session>/subagents/). */
  subagents?: number;
  /** What the whole session showed (steps, failed commands, edits, tests, patch); set when reading ends. */
  session?: AgentSession | null;
}

/** A transcript read into bounded agent log entries, its problems and its counts. */
export interface TranscriptReadResult {
  entries: AgentLogEntry[];
  problems: SourceProblem[];
  stats: TranscriptStats;
}

export interface ReadTranscriptOptions {
  /** Make the first problem fatal. */
  strict?: boolean;
  /** Newest entries kept (default 200). */
  keepNewest?: number;
  /** Tool errors kept besides the newest entries (default 50). */
  keepToolErrors?: number;
  /** JSON trajectories larger than this are reported, not parsed (default 64 MiB). */
  maxJsonBytes?: number;
}

export function emptyStats(format: TranscriptFormat): TranscriptStats {
  return { format, lines: 0, toolCalls: 0, toolErrors: 0, inputTokens: 0, outputTokens: 0, cachedTokens: 0 };
}
