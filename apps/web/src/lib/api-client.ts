/**
 * The one way the app talks to the server: JSON over fetch with the session cookie.
 * Failures become an `ApiError` carrying the server's `{ error: { code, message, fields } }`, so
 * screens can show the spec's toast texts. Reads (GET) that fail on the network are
 * retried up to 3 times, 1 s, 2 s then 4 s apart; writes are never retried, so an
 * order is never placed twice.
 */
import type { ApiErrorBody, ErrorCode } from '@meatshop/shared/errors';
import { MESSAGES } from '@meatshop/shared/errors';
import { takeBootData } from './boot-data';
import { OFFLINE_COPY_HEADER, setServerReachable } from './connection';

export type ApiErrorCode = ErrorCode | 'NETWORK' | 'TIMEOUT' | 'ABORTED';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: ApiErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  /** True when the server refused because nobody is signed in. */
  get isUnauthenticated() {
    return this.status === 401 && this.code === 'UNAUTHENTICATED';
  }
}

/** Fallback texts by code, for when the server sent none. */
const CODE_MESSAGES: Partial<Record<ApiErrorCode, string>> = {
  FORBIDDEN: 'Insufficient permissions',
  NOT_FOUND: 'No data found',
  CONFLICT: 'Duplicate entry found',
  ALREADY_EXISTS: 'Duplicate entry found',
  RATE_LIMITED: MESSAGES.tooManyRequests,
  TIMEOUT: 'Authentication timed out. Please try again.',
  NETWORK: 'Unable to reach the shop. Please check your internet connection and try again.',
};

const RETRY_DELAYS_MS = [1_000, 2_000, 4_000] as const;
/** Gateway answers worth retrying on a read: the server or its proxy is restarting. */
const TRANSIENT_STATUSES = new Set([502, 503, 504]);

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** How many times to retry a failed read; defaults to 3 for GET, 0 otherwise. */
  retries?: number;
  headers?: Record<string, string>;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const retries = options.retries ?? (method === 'GET' ? RETRY_DELAYS_MS.length : 0);
  const url = withQuery(path, options.query);
  // The page may already hold the answer to a first read (lib/boot-data.ts).
  if (method === 'GET') {
    const boot = takeBootData(url);
    if (boot !== undefined) return boot as T;
  }
  const init = buildInit(method, options);

  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(url, init);
    } catch (err) {
      if (isAbort(err)) throw new ApiError(0, 'ABORTED', 'The request was cancelled.');
      setServerReachable(false);
      if (attempt < retries) {
        await sleep(RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)] ?? 4_000, options.signal);
        continue;
      }
      throw new ApiError(0, 'NETWORK', CODE_MESSAGES.NETWORK ?? MESSAGES.unexpected);
    }
    setServerReachable(!response.headers.has(OFFLINE_COPY_HEADER) && !TRANSIENT_STATUSES.has(response.status));
    if (TRANSIENT_STATUSES.has(response.status) && attempt < retries) {
      await sleep(RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)] ?? 4_000, options.signal);
      continue;
    }
    return parseResponse<T>(response);
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * The text to show for a failure: the server's own message for a client error (4xx, written for
 * people), else the screen's fallback ("otherwise the message or 'An unexpected
 * error occurred'").
 */
export function errorMessage(err: unknown, fallback: string = MESSAGES.unexpected): string {
  if (err instanceof ApiError) {
    if (err.status >= 400 && err.status < 500 && err.message) return err.message;
    if (err.code === 'NETWORK' || err.code === 'TIMEOUT') return err.message;
  }
  return fallback;
}

function buildInit(method: string, options: RequestOptions): RequestInit {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return { method, headers, body, credentials: 'include', signal: options.signal };
}

async function parseResponse<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (response.ok) return data as T;

  const body = (data as Partial<ApiErrorBody> | undefined)?.error;
  const code: ApiErrorCode = body?.code ?? (response.status >= 500 ? 'INTERNAL' : 'VALIDATION');
  const message = body?.message || CODE_MESSAGES[code] || MESSAGES.unexpected;
  throw new ApiError(response.status, code, message, body?.fields);
}

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function isAbort(err: unknown) {
  return err instanceof DOMException && err.name === 'AbortError';
}

function sleep(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new ApiError(0, 'ABORTED', 'The request was cancelled.'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new ApiError(0, 'ABORTED', 'The request was cancelled.'));
      },
      { once: true },
    );
  });
}
