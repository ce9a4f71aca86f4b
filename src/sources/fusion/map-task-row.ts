import { TASK_FIELDS } from '../../core/index.js';

/** Columns Fusion stores as JSON text. */
export const TASK_JSON_COLUMNS = new Set([
  'steps',
  'log',
  'workflowStepResults',
  'prInfo',
  'mergeDetails',
  'modifiedFiles',
  'dependencies',
  'reviews',
  'documents',
  'agentLogs',
  'runAudit',
  'tokenUsage',
  'comments',
  'steeringComments',
  'attachments',
]);
/** JSON columns that hold one object, where Fusion may write `'[]'` for "none". */
const OBJECT_COLUMNS = new Set(['prInfo', 'mergeDetails', 'tokenUsage']);

/** A column whose JSON text did not parse. */
export interface ColumnProblem {
  field: string;
  message: string;
}

/**
 * One `tasks` row as a task record: JSON columns parsed, NULLs and `'[]'` placeholders for objects
 * dropped, epoch-number timestamps made ISO. Unknown columns holding JSON objects or arrays are parsed too.
 */
export function mapTaskRow(row: Record<string, unknown>, problems: ColumnProblem[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(row)) {
    let value = raw;
    if (value === null || value === undefined) continue;
    // An empty time column means "not yet", like NULL.
    if (value === '' && isTimeKey(key)) continue;
    if (
      typeof value === 'string' &&
      (TASK_JSON_COLUMNS.has(key) || (!TASK_FIELDS.has(key) && /^\s*[[{]/.test(value)))
    ) {
      try {
        value = JSON.parse(value);
      } catch (error) {
        if (TASK_JSON_COLUMNS.has(key)) {
          problems.push({
            field: key,
            message: `expected JSON text in column ${key} (${(error as Error).message.replace(/\s+/g, ' ')}); the column was left out`,
          });
          continue;
        }
      }
    }
    if (value === null) continue;
    if (OBJECT_COLUMNS.has(key) && Array.isArray(value)) continue;
    record[key] = isTimeKey(key) && typeof value === 'number' ? epochToIso(value) : value;
  }
  return record;
}

function isTimeKey(key: string): boolean {
  return key.endsWith('At') || key === 'timestamp';
}

/** Seconds or milliseconds since the epoch, as ISO-8601. */
export function epochToIso(value: number): string {
  return new Date(value < 1e12 ? value * 1000 : value).toISOString();
}
