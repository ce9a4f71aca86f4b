import type { TranscriptReadResult } from '../transcripts/transcript-types.js';

/** The agents whose sessions taskeval finds where they keep them. */
export type SessionAgent =
  'claude-code' | 'codex' | 'aider' | 'gemini-cli' | 'opencode' | 'copilot-cli' | 'pi' | 'cursor' | 'otlp';

/** What one session file says about where and when it ran, read without keeping its text. */
export interface AgentSessionFile {
  agent: SessionAgent;
  path: string;
  sessionId: string | null;
  /** The working directory the agent ran in. */
  cwd: string | null;
  /** The git branch the session records, when it does (Claude Code's `gitBranch`, Codex's `git.branch`). */
  branch: string | null;
  startedAt: string | null;
  endedAt: string | null;
  model: string | null;
  /** The agent's own version (`version`, `cli_version`). */
  agentVersion: string | null;
  /** Which session of a file holding several (Aider's history); absent when the file is one session. */
  segment?: number;
  /** Commits the session itself says it made (Aider's `> Commit <sha>`): linked whatever their time. */
  commitShas?: string[];
  /** The agent a telemetry session names (`gen_ai.agent.name`, `service.name`): `claude-code`, `codex`... */
  agentName?: string;
  /** What a telemetry session showed, read with it (telemetry has no file to read again); never listed. */
  telemetry?: TranscriptReadResult;
}
