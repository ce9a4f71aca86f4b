import type { TranscriptReadResult } from '../transcripts/transcript-types.js';
import type { AgentSessionFile, SessionAgent } from './agent-session-file.js';

/** The version of the SessionFormat shape below: a format written for another version is not registered. */
export const SESSION_FORMAT_SPEC = 1;

/** Where sessions are looked for, and for which repository: this user's own places only. */
export interface SessionPlaces {
  /** The repository and its worktrees, as given and as their real paths. */
  repoDirs: readonly string[];
  /** This user's home, or null: then no agent's default place is searched. */
  home: string | null;
  claudeConfigDir?: string | null;
  codexHome?: string | null;
  geminiHome?: string | null;
  /** `$COPILOT_HOME`, Copilot CLI's directory (default `~/.copilot`). */
  copilotHome?: string | null;
  /** `$PI_CODING_AGENT_DIR`, pi's agent directory (default `~/.pi/agent`). */
  piAgentDir?: string | null;
  /** `$XDG_DATA_HOME`, where OpenCode keeps its storage (default `~/.local/share`). */
  xdgDataHome?: string | null;
  /** OpenTelemetry exports, or directories of them. */
  otlp?: readonly string[];
  /** True when a working directory is the repository, one of its worktrees, or below them. */
  ranIn(cwd: string): boolean;
  /** Called after each file read, so a caller can pace collections or show progress. */
  onFile?: () => void;
}

/** What one agent's discovery found. */
export interface FoundSessionFiles {
  /** Session files for the shared scanner, which reads each one's first and last 256 KiB (Claude Code, Codex). */
  files?: string[];
  /** Sessions read another way (a history in the repository, a chat matched by its project hash, telemetry), all in the repository. */
  sessions?: AgentSessionFile[];
  /** Files looked at for `sessions`, for the report. */
  scanned?: number;
}

/**
 * One agent's session format: where it keeps sessions, and how one is read. Adding an agent is a folder under
 * formats/ exporting one of these, a line in formats/index.ts, and its tests (docs/architecture.md).
 */
export interface SessionFormat {
  readonly spec: typeof SESSION_FORMAT_SPEC;
  readonly agent: SessionAgent;
  /** How people name the agent: "Claude Code". */
  readonly label: string;
  /** Whose models the agent runs, when it is always one provider's; null otherwise. */
  readonly provider: string | null;
  /** The sessions this agent keeps in its own places for the repository; read-only, bounded. */
  discover(places: SessionPlaces): Promise<FoundSessionFiles>;
  /** One session's bounded log entries, counts and summary (streamed where the format allows). */
  read(session: AgentSessionFile): Promise<TranscriptReadResult>;
}
