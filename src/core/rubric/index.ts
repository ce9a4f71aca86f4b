export * from './rubric-version.js';
export * from './rubric-input.js';
export * from './task-signals.js';
export * from './rubric-rules.js';
export * from './compute-task-signals.js';
export { CONVENTIONAL_SUBJECT, hasTaskTrailer, isConventional } from './compute-commit-signals.js';
export * from './assess-task.js';
