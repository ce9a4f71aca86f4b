/** Stable machine-readable codes; messages may change, codes may not. */
export type ErrorCode =
  | 'invalid_score'
  | 'invalid_category'
  | 'missing_category'
  | 'duplicate_category'
  | 'invalid_input'
  | 'invalid_config'
  | 'usage'
  | 'source_unreadable'
  | 'source_invalid'
  | 'judge_failed'
  | 'judge_malformed'
  | 'judge_config'
  | 'store_failed'
  | 'store_corrupt'
  | 'store_version'
  | 'not_found'
  | 'invalid_transition'
  | 'terminal_immutable'
  | 'active_run_conflict'
  | 'duplicate_result'
  | 'run_not_running'
  | 'cancelled';

export interface ErrorOptions {
  field?: string;
  cause?: unknown;
  hint?: string;
}

/** Base of every error taskeval throws on purpose. */
export class TaskevalError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly hint: string | undefined;

  constructor(code: ErrorCode, message: string, options: ErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.field = options.field;
    this.hint = options.hint;
  }
}

/** A value breaks the scoring contract (score range, categories). */
export class ContractError extends TaskevalError {}
/** Bad flags or configuration. */
export class ConfigError extends TaskevalError {}
/** A task source could not be read or holds invalid records. */
export class SourceError extends TaskevalError {}
/** The judge could not give a valid answer. */
export class JudgeError extends TaskevalError {}
/** The store failed or refused a write. */
export class StoreError extends TaskevalError {}
/** A run lifecycle rule was broken (transition, immutability, conflict). */
export class LifecycleError extends TaskevalError {}

export function isTaskevalError(value: unknown): value is TaskevalError {
  return value instanceof TaskevalError;
}
