export { readTranscript, MAX_JSON_TRAJECTORY_BYTES } from './read-transcript.js';
export {
  linkTranscripts,
  withTranscripts,
  type LinkTranscriptsOptions,
  type LinkTranscriptsResult,
  type TranscriptLink,
} from './link-transcripts.js';
export {
  BoundedEntryLog,
  boundText,
  KEEP_NEWEST_ENTRIES,
  KEEP_TOOL_ERRORS,
  MAX_ENTRY_TEXT,
} from './bounded-entry-log.js';
export { ProblemList, sourceProblemError, MAX_PROBLEMS_PER_FILE } from './problem-list.js';
export {
  compileTranscriptPattern,
  listTranscriptFiles,
  patternRoot,
  segmentNamesId,
  type TranscriptFile,
} from './find-transcript-files.js';
export type {
  ReadTranscriptOptions,
  TranscriptFormat,
  TranscriptReadResult,
  TranscriptStats,
} from './transcript-types.js';
export { forEachLine, MAX_LINE_LENGTH, type LineHandler } from './for-each-line.js';
export { SessionTracker, mergeSessions } from './session-tracker.js';
export { isZstdPath } from './open-text-stream.js';
