// The error family alone, for what must start fast (the CLI's entry point): core's index loads every schema.
export {
  ConfigError,
  ContractError,
  ERROR_CODES_BY_CLASS,
  type ErrorCode,
  type ErrorOptions,
  isTaskevalError,
  JudgeError,
  LifecycleError,
  OutputError,
  SourceError,
  StoreError,
  TaskevalError,
} from '../errors.js';
