export {
  attributeCommit,
  type AttributionRules,
  buildCommitIndex,
  type BuildCommitIndexOptions,
  classifyPath,
  type CommitHistoryCache,
  type CommitIndex,
  type CommitTaskRef,
  compileIdMatcher,
  NOT_TASK_PREFIXES,
  type ConventionalSubject,
  createGitLogParser,
  DEFAULT_FIX_PATTERN,
  DEFAULT_ID_PATTERN,
  DEFAULT_TRAILER_KEYS,
  type FileSummary,
  fixSubjectMatcher,
  GIT_LOG_ARGS,
  type GitLogParser,
  type GitRunner,
  type GitRunOptions,
  type GitRunResult,
  historyCacheKey,
  type IdMatcher,
  isFixSubject,
  type MessageAttribution,
  parseConventionalSubject,
  parseTrailers,
  type PathKind,
  type RawCommit,
  runGit,
  summarizeFiles,
} from './git/index.js';
export { buildEvidenceBundle, type BuildEvidenceBundleOptions } from './build-evidence-bundle.js';
export { bundleDigest } from './bundle-digest.js';
export { canonicalJson } from './canonical-json.js';
export { compareEvidenceEntries } from './compare-evidence-entries.js';
export { CONTENT_HASH_LENGTH, contentHash } from './content-hash.js';
export { deriveTaskTitle, MAX_DERIVED_TITLE_LENGTH } from './derive-task-title.js';
export { type ParsedReviewVerdict, parseReviewVerdict } from './parse-review-verdict.js';
export {
  type ComputeOutcomesOptions,
  computeTaskOutcomes,
  isSzzBlamedPath,
  type OutcomesReport,
  type OutcomeTask,
  parseBlamePorcelain,
  parseZeroContextDiff,
  type RemovedLines,
  type TaskOutcome,
  TaskOutcomeSchema,
} from './outcomes/index.js';
export { type ChangeHunk, type TaskChange } from './change-hunk.js';
export { collectChangeEntries, compactChange, MAX_CHANGE_HUNKS, MAX_HUNKS_PER_FILE } from './collect-change-entries.js';
export { readChangeHunks, MAX_CHANGE_BYTES } from './git/read-change-hunks.js';
