export {
  attachSessions,
  findSessionLinks,
  sessionIdsOf,
  type FoundSessions,
  type SessionReport,
  type SessionSearch,
} from './attach-sessions.js';
export {
  discoverSessions,
  claudeProjectSlug,
  type DiscoverSessionsOptions,
  type DiscoveredSessions,
} from './discover-sessions.js';
export { linkSessions, type SessionLink, type SessionLinks, type LinkSessionsInput } from './link-sessions.js';
export { scanSessionFile } from './scan-session-file.js';
export { readCodexRollout } from './read-codex-rollout.js';
export type { AgentSessionFile, SessionAgent } from './agent-session-file.js';
export { SESSION_FORMATS, sessionFormat } from './formats/index.js';
export {
  SESSION_FORMAT_SPEC,
  type FoundSessionFiles,
  type SessionFormat,
  type SessionPlaces,
} from './session-format.js';
export { entireCheckpointIds, readEntireCheckpoints } from './read-entire-checkpoints.js';
