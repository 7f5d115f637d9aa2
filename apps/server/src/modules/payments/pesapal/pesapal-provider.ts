/**
 * Pesapal API 3.0 (JSON), as recorded in shared/pesapal.md: token request and reuse, IPN
 * registration once per environment and URL, order submission, transaction status, refund request.
 */
import {
  PESAPAL_REFUND_RULES,
  type PaymentProvider,
  PaymentProviderError,
  parseTransactionStatus,
  parseRefundAnswer,
  readProviderError,
  type RefundRequestResult,
  type SubmitOrderInput,
  type SubmitOrderResult,
  type TransactionStatus,
} from '../payment-provider.ts';
import { type CallOptions, type HttpAnswer, pesapalCall } from './pesapal-http.ts';

export const PESAPAL_BASE_URLS = {
  sandbox: 'https://cybqa.pesapal.com/pesapalv3',
  live: 'https://pay.pesapal.com/v3',
} as const;

/** Where the registered IPN id is kept (the database, so every instance and restart reuses it). */
export interface IpnStore {
  get(key: string): Promise<string | null>;
  set(key: string, ipnId: string): Promise<void>;
}

export interface PesapalOptions {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** Our public IPN endpoint, e.g. https://shop.example/api/payments/ipn. */
  ipnUrl: string;
  ipnStore: IpnStore;
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

/** Docs say tokens last 5 minutes; a recorded one said 60 (pesapal.md section 2): trust the shorter. */
const TOKEN_MAX_LIFETIME_MS = 5 * 60_000;
const TOKEN_MARGIN_MS = 60_000;

export function createPesapalProvider(opts: PesapalOptions): PaymentProvider & { ensureIpnId(): Promise<string> } {
  const baseUrl = opts.baseUrl.replace(/\/$/, '');
  const http = {
    baseUrl,
    timeoutMs: opts.timeoutMs ?? 10_000,
    retries: opts.retries ?? 2,
    backoffMs: opts.backoffMs ?? 500,
    fetch: opts.fetch ?? fetch,
  };
  const now = opts.now ?? Date.now;
  // Keys, token and ipn_id belong to one environment: the base URL is part of the key (pitfall 1).
  const ipnKey = `pesapal_ipn_id:${baseUrl}|${opts.ipnUrl}`;

  let token: { value: string; expiresAt: number } | null = null;
  let tokenInFlight: Promise<string> | null = null;
  let ipnId: string | null = null;
  let ipnInFlight: Promise<string> | null = null;

  async function requestToken(): Promise<string> {
    const res = await pesapalCall(http, {
      method: 'POST',
      path: '/api/Auth/RequestToken',
      body: { consumer_key: opts.consumerKey, consumer_secret: opts.consumerSecret },
      retry: 'safe',
    });
    const b = (res.body ?? {}) as Record<string, unknown>;
    if (typeof b.token !== 'string' || !b.token) throw failure(res, 'Pesapal refused the consumer key and secret');
    const issued = res.serverDate ?? now();
    const expiry = typeof b.expiryDate === 'string' ? Date.parse(b.expiryDate) : Number.NaN;
    // Measured on Pesapal's clock when it sent its Date header, so a skewed local clock does not matter.
    const lifetime = Math.min(Number.isFinite(expiry) ? expiry - issued : TOKEN_MAX_LIFETIME_MS, TOKEN_MAX_LIFETIME_MS) - TOKEN_MARGIN_MS;
    token = { value: b.token, expiresAt: now() + Math.max(lifetime, 0) };
    return b.token;
  }

  function getToken(force = false): Promise<string> {
    if (!force && token && now() < token.expiresAt) return Promise.resolve(token.value);
    // Concurrent calls share one token request.
    tokenInFlight ??= requestToken().finally(() => {
      tokenInFlight = null;
    });
    return tokenInFlight;
  }

  /** A call with the bearer token; on an auth failure, one fresh token and one more try. */
  async function authed(call: Omit<CallOptions, 'token'>): Promise<HttpAnswer> {
    const res = await pesapalCall(http, { ...call, token: await getToken() });
    if (!isAuthFailure(res)) return res;
    token = null;
    return pesapalCall(http, { ...call, token: await getToken(true) });
  }

  async function findOrRegisterIpn(): Promise<string> {
    const stored = await opts.ipnStore.get(ipnKey);
    if (stored) return stored;
    // Reuse one registered earlier for this URL (the list is not always complete, so fall back to registering).
    const list = await authed({ method: 'GET', path: '/api/URLSetup/GetIpnList', retry: 'safe' }).catch(() => null);
    const found = Array.isArray(list?.body)
      ? (list.body as Record<string, unknown>[]).find((i) => i?.url === opts.ipnUrl && typeof i.ipn_id === 'string' && i.ipn_id)
      : undefined;
    let id = found?.ipn_id as string | undefined;
    if (!id) {
      const res = await authed({
        method: 'POST',
        path: '/api/URLSetup/RegisterIPN',
        body: { url: opts.ipnUrl, ipn_notification_type: 'GET' },
        retry: 'connect',
      });
      const b = (res.body ?? {}) as Record<string, unknown>;
      if (!isOk(res) || typeof b.ipn_id !== 'string' || !b.ipn_id) throw failure(res, 'Pesapal did not register our IPN URL');
      id = b.ipn_id;
    }
    await opts.ipnStore.set(ipnKey, id);
    return id;
  }

  function ensureIpnId(): Promise<string> {
    if (ipnId) return Promise.resolve(ipnId);
    ipnInFlight ??= findOrRegisterIpn()
      .then((id) => {
        ipnId = id;
        return id;
      })
      .finally(() => {
        ipnInFlight = null;
      });
    return ipnInFlight;
  }

  async function submit(input: SubmitOrderInput, notificationId: string): Promise<HttpAnswer> {
    const b = input.billing;
    return authed({
      method: 'POST',
      path: '/api/Transactions/SubmitOrderRequest',
      retry: 'connect',
      body: {
        id: input.merchantReference,
        currency: input.currency,
        // A JSON number, whole shillings (pitfall 5).
        amount: input.amount,
        description: input.description.slice(0, 100),
        redirect_mode: 'TOP_WINDOW',
        callback_url: input.callbackUrl,
        cancellation_url: input.cancellationUrl,
        notification_id: notificationId,
        billing_address: {
          email_address: b.email,
          phone_number: b.phone,
          country_code: b.countryCode,
          first_name: b.firstName,
          middle_name: '',
          last_name: b.lastName,
          line_1: b.line1,
          line_2: '',
          city: b.city,
          state: '',
          postal_code: '',
          zip_code: '',
        },
      },
    });
  }

  return {
    name: 'pesapal',
    refundRules: PESAPAL_REFUND_RULES,
    ensureIpnId,

    async submitOrder(input): Promise<SubmitOrderResult> {
      let res = await submit(input, await ensureIpnId());
      const err = readProviderError((res.body ?? {}) as Record<string, unknown>);
      if (!isOk(res) && err && /ipn|notification/i.test(err.code)) {
        // Our stored ipn_id is not known here (keys switched environment): register again, once.
        ipnId = null;
        await opts.ipnStore.set(ipnKey, '');
        res = await submit(input, await ensureIpnId());
      }
      const b = (res.body ?? {}) as Record<string, unknown>;
      if (!isOk(res)) throw failure(res, 'Pesapal refused the order');
      const trackingId = typeof b.order_tracking_id === 'string' ? b.order_tracking_id : '';
      const redirectUrl = typeof b.redirect_url === 'string' ? b.redirect_url : '';
      // A missing payment page is a failure, whatever the status says.
      if (!trackingId || !redirectUrl)
        throw new PaymentProviderError('provider', 'Pesapal gave no payment page', 'missing_redirect_url', b);
      return {
        orderTrackingId: trackingId,
        merchantReference: typeof b.merchant_reference === 'string' ? b.merchant_reference : input.merchantReference,
        redirectUrl,
        raw: b,
      };
    },

    async getTransactionStatus(orderTrackingId): Promise<TransactionStatus> {
      const res = await authed({
        method: 'GET',
        path: `/api/Transactions/GetTransactionStatus?orderTrackingId=${encodeURIComponent(orderTrackingId)}`,
        retry: 'safe',
      });
      const b = res.body as Record<string, unknown> | null;
      // HTTP 200 can carry body status "500" for an order not paid yet: the body's status_code decides.
      if (b && typeof b === 'object' && b.status_code !== undefined && b.status_code !== null) return parseTransactionStatus(b);
      throw failure(res, 'Pesapal gave no transaction status');
    },

    async refundRequest(input): Promise<RefundRequestResult> {
      // It changes state at Pesapal: retried only when it surely never left. A second request after
      // a time-out is safe to make later, as Pesapal refuses a second refund of one payment.
      const res = await authed({
        method: 'POST',
        path: '/api/Transactions/RefundRequest',
        retry: 'connect',
        body: {
          confirmation_code: input.confirmationCode,
          // The docs' sample sends a string, their table says Float: a JSON number, whole shillings.
          amount: input.amount,
          username: input.username.slice(0, 100),
          remarks: input.remarks.slice(0, 250),
        },
      });
      // A server error is no answer (try again); a body with status "500" is Pesapal saying no.
      if (res.httpStatus >= 500) throw failure(res, 'Pesapal could not take the refund request');
      const answer = parseRefundAnswer(res.body);
      if (!answer) throw failure(res, 'Pesapal gave no answer to the refund request');
      return answer;
    },
  };
}

function isOk(res: HttpAnswer) {
  const b = res.body as Record<string, unknown> | null;
  if (res.httpStatus >= 400 || !b || typeof b !== 'object') return false;
  // `status` is a string ("200"/"500") in the body, whatever the HTTP code (pitfall 3).
  if (b.status !== undefined && String(b.status) !== '200') return false;
  return readProviderError(b) === null;
}

function isAuthFailure(res: HttpAnswer) {
  if (res.httpStatus === 401 || res.httpStatus === 403) return true;
  const err = readProviderError((res.body ?? {}) as Record<string, unknown>);
  // The error shape for an expired token is not documented (pitfall 2): match on its words.
  return !!err && /token|unauthori[sz]ed|authenticat/i.test(`${err.code} ${err.type}`);
}

/** Pesapal's error body turned into our error: its code and message kept for the log. */
function failure(res: HttpAnswer, fallback: string): PaymentProviderError {
  const err = readProviderError((res.body ?? {}) as Record<string, unknown>);
  const detail = err ? [err.code, err.message].filter(Boolean).join(': ') : `HTTP ${res.httpStatus}`;
  return new PaymentProviderError('provider', `${fallback} (${detail})`, err?.code || `http_${res.httpStatus}`, res.body);
}
