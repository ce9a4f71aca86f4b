export { readTaskFile, type ReadTaskFileOptions } from './read-task-file.js';
export { parseTaskRecords, parseTaskValue, detectTaskFileFormat, type TaskFileFormat } from './parse-task-records.js';
export { formatSourceProblem } from './format-source-problem.js';
export { describeZodIssue, issueFieldPath } from './describe-zod-issue.js';
export { taskJsonSchema } from './task-json-schema.js';
export { TASK_FIELD_DESCRIPTIONS } from './task-field-descriptions.js';
export { readTaskHeads, type TaskHeads } from './read-task-heads.js';
export { readFileChunks } from './read-file-chunks.js';
