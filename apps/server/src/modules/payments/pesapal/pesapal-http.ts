/**
 * One HTTP call to Pesapal with a time-out and retries with back-off for network failures.
 * Every call sends `Accept` and `Content-Type: application/json` (pesapal.md section 1).
 *
 * Retry modes: `safe` calls (token, status, IPN list) are retried after any network failure or a
 * gateway 502/503/504. `connect` calls (order submission, IPN registration) change state at
 * Pesapal, so they are retried only when the request surely never left (connection refused, DNS),
 * never after a time-out, which could have created a second order on their side.
 */
import { PaymentProviderError } from '../payment-provider.ts';

export interface HttpOptions {
  baseUrl: string;
  timeoutMs: number;
  /** Extra attempts after the first. */
  retries: number;
  /** First back-off; doubles on each retry. */
  backoffMs: number;
  fetch: typeof fetch;
}

export interface HttpAnswer {
  httpStatus: number;
  body: unknown;
  /** The server's clock (`Date` header) when it answered, if given. */
  serverDate: number | null;
}

export interface CallOptions {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  token?: string;
  retry: 'safe' | 'connect';
}

const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const GATEWAY = new Set([502, 503, 504]);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function errorCode(err: unknown): string {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const c = (e as { code?: unknown }).code;
    if (typeof c === 'string') return c;
    e = (e as { cause?: unknown }).cause;
  }
  return '';
}

function isTimeout(err: unknown) {
  const name = (err as { name?: string })?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

export async function pesapalCall(http: HttpOptions, opts: CallOptions): Promise<HttpAnswer> {
  const url = `${http.baseUrl}${opts.path}`;
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;

  for (let attempt = 0; ; attempt++) {
    const canRetry = attempt < http.retries;
    let res: Response;
    try {
      res = await http.fetch(url, {
        method: opts.method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: AbortSignal.timeout(http.timeoutMs),
      });
    } catch (err) {
      const timedOut = isTimeout(err);
      const code = errorCode(err);
      const retryable = opts.retry === 'safe' || (!timedOut && NEVER_SENT.has(code));
      if (canRetry && retryable) {
        await sleep(http.backoffMs * 2 ** attempt);
        continue;
      }
      const what = timedOut ? `no answer within ${http.timeoutMs} ms` : code || (err as Error)?.message || 'network error';
      throw new PaymentProviderError('network', `Pesapal unreachable (${opts.path}): ${what}`, timedOut ? 'timeout' : code || null);
    }

    if (GATEWAY.has(res.status) && opts.retry === 'safe' && canRetry) {
      await res.body?.cancel().catch(() => {});
      await sleep(http.backoffMs * 2 ** attempt);
      continue;
    }

    const text = await res.text().catch(() => '');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Cloudflare and ASP.NET error pages are HTML: keep a short excerpt for the payments log.
      body = { unparsed: text.slice(0, 500) };
    }
    const date = res.headers.get('date');
    const serverDate = date ? Date.parse(date) : Number.NaN;
    return { httpStatus: res.status, body, serverDate: Number.isFinite(serverDate) ? serverDate : null };
  }
}
