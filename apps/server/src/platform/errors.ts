/** One error model: services throw AppError; the error handler turns it into `{ error: {...} }`. */
import { ERROR_STATUS, type ErrorCode } from '@meatshop/shared/errors';

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);
export const forbidden = (msg = 'You are not allowed to do this.') => new AppError('FORBIDDEN', msg);
export const unauthenticated = (msg = 'Please sign in to continue.') => new AppError('UNAUTHENTICATED', msg);
export const invalid = (message: string, fields?: Record<string, string>) => new AppError('VALIDATION', message, fields);
export const conflict = (message: string) => new AppError('CONFLICT', message);

/** PostgreSQL error codes we turn into clear messages instead of a 500. */
export function pgErrorCode(err: unknown): string | undefined {
  return pgError(err)?.code;
}

/** The PostgreSQL error in `err` or its causes (Drizzle wraps it), with its code and DETAIL. */
export function pgError(err: unknown): { code: string; detail?: string } | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const { code, detail } = e as { code?: unknown; detail?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, detail: typeof detail === 'string' ? detail : undefined };
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
