import { LifecycleError, StoreError, isTaskevalError } from '../../core/index.js';
import { describeLockHolders, sqliteLockHolders } from './sqlite-lock-holders.js';

/** Turns a SQLite failure into the store's typed errors; constraint names decide the code. */
export function mapSqliteError(error: unknown, context: string, path?: string): Error {
  if (isTaskevalError(error)) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    if (message.includes('eval_runs.project_id') && message.includes('eval_runs.trigger')) {
      return new LifecycleError(
        'active_run_conflict',
        `${context}: another run with this trigger is already active for the project`,
        {
          cause: error,
          hint: 'wait for it to finish or cancel it',
        },
      );
    }
    if (message.includes('eval_task_results.run_id') && message.includes('eval_task_results.task_id')) {
      return new StoreError('duplicate_result', `${context}: the run already has a result for this task`, {
        cause: error,
      });
    }
  }
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
    const holders = path ? sqliteLockHolders(path) : null;
    return new StoreError(
      'store_failed',
      `${context}: the database stayed locked; held by ${describeLockHolders(holders)}`,
      {
        cause: error,
        hint: holders?.length
          ? 'wait for it to finish, then retry'
          : 'another taskeval is writing; retry when it is done',
      },
    );
  }
  if (
    code === 'SQLITE_CORRUPT' ||
    code === 'SQLITE_NOTADB' ||
    (typeof code === 'string' && code.startsWith('SQLITE_CORRUPT'))
  ) {
    return new StoreError('store_corrupt', `${context}: the store is damaged (${message})`, {
      cause: error,
      hint: 'run `taskeval doctor` for what is wrong; restore the file from a backup',
    });
  }
  if (typeof code === 'string' && code.startsWith('SQLITE_READONLY')) {
    return new StoreError('store_failed', `${context}: the store is read-only here (${message})`, {
      cause: error,
      hint: 'reading commands work on read-only media; writing ones need a writable copy',
    });
  }
  return new StoreError('store_failed', `${context}: ${message}`, { cause: error });
}
