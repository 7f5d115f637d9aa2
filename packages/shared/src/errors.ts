/** Error codes shared by the server's error handler and the web's API client. */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'ALREADY_EXISTS',
  'OUT_OF_STOCK',
  'RULE_BROKEN',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'PROFILE_NOT_FOUND',
  'INVALID_CREDENTIALS',
  'PAYMENT_UNAVAILABLE',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}

export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  PROFILE_NOT_FOUND: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  ALREADY_EXISTS: 409,
  OUT_OF_STOCK: 409,
  RULE_BROKEN: 422,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYMENT_UNAVAILABLE: 502,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** Messages that more than one place shows. */
export const MESSAGES = {
  userDataNotFound: 'User data not found. Please try signing up again.',
  authFailed: 'Authentication failed',
  unexpected: 'An unexpected error occurred',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
} as const;
