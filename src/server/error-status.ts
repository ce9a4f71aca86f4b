import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import { isTaskevalError, type ErrorCode } from '../core/index.js';

/** Codes the HTTP boundary adds to the core's. */
export type ApiErrorCode = ErrorCode | 'unauthorized' | 'unavailable' | 'internal';

/** An error raised by the server itself (auth, missing dependency), mapped like the core's. */
export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The JSON body of every API error. */
export interface ApiErrorBody {
  code: ApiErrorCode;
  message: string;
  field?: string;
}

export type ErrorStatus = 400 | 401 | 404 | 409 | 500 | 503;

/** The one table from error code to HTTP status; anything unlisted is a 500. */
const STATUS_BY_CODE: Partial<Record<ApiErrorCode, ErrorStatus>> = {
  invalid_input: 400,
  invalid_score: 400,
  invalid_category: 400,
  missing_category: 400,
  duplicate_category: 400,
  usage: 400,
  unauthorized: 401,
  not_found: 404,
  active_run_conflict: 409,
  invalid_transition: 409,
  terminal_immutable: 409,
  run_not_running: 409,
  unavailable: 503,
};

/** Maps any thrown value to a status and a body with a stable code; never leaks a stack trace. */
export function errorStatus(error: unknown): { status: ErrorStatus; body: ApiErrorBody } {
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    const field = issue?.path.map(String).join('.') ?? '';
    return { status: 400, body: { code: 'invalid_input', message: field ? `${field}: ${issue?.message}` : (issue?.message ?? 'invalid input'), field } };
  }
  if (isTaskevalError(error) || error instanceof ApiError) {
    const status = STATUS_BY_CODE[error.code] ?? 500;
    if (status === 500) return internal();
    return { status, body: { code: error.code, message: error.message, ...(error.field !== undefined ? { field: error.field } : {}) } };
  }
  // Hono raises these for bodies it cannot parse.
  if (error instanceof HTTPException && error.status === 400) {
    return { status: 400, body: { code: 'invalid_input', message: error.message || 'malformed request' } };
  }
  return internal();
}

function internal(): { status: 500; body: ApiErrorBody } {
  return { status: 500, body: { code: 'internal', message: 'internal error; see the server log' } };
}
