export {
  compileUserPattern,
  MAX_PATTERN_SOURCE,
  MAX_PATTERN_TEXT,
  trustedPattern,
  userPatternProblem,
  type TextPattern,
  type UserPatternOptions,
} from './compile-user-pattern.js';
export { UserPatternSchema } from './user-pattern-schema.js';
