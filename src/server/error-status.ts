import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import { isTaskevalError, type ErrorCode } from '../core/index.js';

/** Codes the HTTP boundary adds to the core's. */
export type ApiErrorCode =
  ErrorCode | 'unauthorized' | 'forbidden' | 'misdirected' | 'busy' | 'unavailable' | 'internal';

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

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 421 | 500 | 503;

/**
 * The one table from error code to HTTP status. Exhaustive on purpose, like the CLI's exit codes: a new
 * code must be given its status here. 500 means a fault of the server or its store, shown without detail.
 */
const STATUS_BY_CODE: Record<ApiErrorCode, ErrorStatus> = {
  invalid_input: 400,
  invalid_score: 400,
  invalid_category: 400,
  missing_category: 400,
  duplicate_category: 400,
  invalid_config: 400,
  usage: 400,
  source_unreadable: 400,
  source_invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  misdirected: 421,
  active_run_conflict: 409,
  invalid_transition: 409,
  terminal_immutable: 409,
  run_not_running: 409,
  duplicate_result: 409,
  judge_config: 500,
  judge_failed: 503,
  judge_malformed: 503,
  cancelled: 503,
  unavailable: 503,
  busy: 503,
  store_failed: 500,
  store_corrupt: 500,
  store_version: 500,
  output_failed: 500,
  internal: 500,
};

/** Maps any thrown value to a status and a body with a stable code; never leaks a stack trace. */
export function errorStatus(error: unknown): { status: ErrorStatus; body: ApiErrorBody } {
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    const field = issue?.path.map(String).join('.') ?? '';
    return {
      status: 400,
      body: {
        code: 'invalid_input',
        message: field ? `${field}: ${issue?.message}` : (issue?.message ?? 'invalid input'),
        field,
      },
    };
  }
  if (isTaskevalError(error) || error instanceof ApiError) {
    const status = STATUS_BY_CODE[error.code];
    if (status === 500) return internal();
    return {
      status,
      body: { code: error.code, message: error.message, ...(error.field !== undefined ? { field: error.field } : {}) },
    };
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

/** The JSON answer of an API error the server raises itself, with its status from the one table. */
export function apiErrorResponse(c: Context, error: ApiError, headers: Record<string, string> = {}): Response {
  const { status, body } = errorStatus(error);
  return c.json(body, status, headers);
}
