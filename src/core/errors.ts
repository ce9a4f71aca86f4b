/** Each error class and the codes it may carry; codes are stable, messages may change. */
export const ERROR_CODES_BY_CLASS = {
  ContractError: ['invalid_score', 'invalid_category', 'missing_category', 'duplicate_category', 'invalid_input'],
  ConfigError: ['usage', 'invalid_config', 'judge_config'],
  SourceError: ['source_unreadable', 'source_invalid', 'cancelled'],
  JudgeError: ['judge_failed', 'judge_malformed', 'judge_config', 'cancelled'],
  StoreError: ['invalid_input', 'not_found', 'store_failed', 'store_corrupt', 'store_version', 'duplicate_result'],
  LifecycleError: ['invalid_transition', 'terminal_immutable', 'active_run_conflict', 'run_not_running'],
  OutputError: ['output_failed'],
} as const;

type CodesOf<K extends keyof typeof ERROR_CODES_BY_CLASS> = (typeof ERROR_CODES_BY_CLASS)[K][number];

/** Stable machine-readable codes: the union of every class's codes. */
export type ErrorCode = CodesOf<keyof typeof ERROR_CODES_BY_CLASS>;

export interface ErrorOptions {
  field?: string;
  cause?: unknown;
  hint?: string;
}

/** Base of every error taskeval throws on purpose. */
export class TaskevalError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;
  readonly field: string | undefined;
  readonly hint: string | undefined;

  constructor(code: C, message: string, options: ErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.field = options.field;
    this.hint = options.hint;
  }
}

/** A value breaks the scoring contract (score range, categories). */
export class ContractError extends TaskevalError<CodesOf<'ContractError'>> {}
/** Bad flags or configuration. */
export class ConfigError extends TaskevalError<CodesOf<'ConfigError'>> {}
/** A task source could not be read or holds invalid records. */
export class SourceError extends TaskevalError<CodesOf<'SourceError'>> {}
/** The judge could not give a valid answer. */
export class JudgeError extends TaskevalError<CodesOf<'JudgeError'>> {}
/** The store failed or refused a write. */
export class StoreError extends TaskevalError<CodesOf<'StoreError'>> {}
/** A run lifecycle rule was broken (transition, immutability, conflict). */
export class LifecycleError extends TaskevalError<CodesOf<'LifecycleError'>> {}

/** What a command prints could not be written (a full disk, a closed terminal). */
export class OutputError extends TaskevalError<CodesOf<'OutputError'>> {}

export function isTaskevalError(value: unknown): value is TaskevalError {
  return value instanceof TaskevalError;
}
