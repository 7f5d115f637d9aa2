/**
 * A small Pesapal API 3.0 stand-in for tests, following shared/pesapal.md: token (string `status`
 * in the body, `error_type` errors), RegisterIPN / GetIpnList, SubmitOrderRequest, and
 * GetTransactionStatus (HTTP 200 with body status "500" while unpaid), and RefundRequest (body
 * status "200" accepted, "500" refused; one refund per payment, mobile money only in full). Listens
 * on a free port.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_KEY = 'fake-consumer-key';
export const FAKE_SECRET = 'fake-consumer-secret';
/** Confirmation codes start at the docs' sample and count up, one per settled payment. */
const FIRST_CONFIRMATION = 6513008693186320103009n;

interface FakeOrder {
  trackingId: string;
  merchantReference: string;
  amount: number;
  currency: string;
  body: Record<string, unknown>;
  statusCode: 0 | 1 | 2 | 3;
  paidAmount?: number;
  paidCurrency?: string;
  description?: string | null;
  paymentMethod?: string;
  confirmationCode?: string;
}

type Fault = '500' | 'timeout' | 'html502' | 'no-redirect';

export interface FakePesapal {
  baseUrl: string;
  /** Requests received, by path without query (e.g. `/api/Auth/RequestToken`). */
  calls: { method: string; path: string; body: unknown; auth: string | undefined }[];
  count(path: string): number;
  orders: Map<string, FakeOrder>;
  ipns: { url: string; ipn_id: string; method: string }[];
  /** Refund requests Pesapal accepted. */
  refunds: { confirmation_code: string; amount: number; username: string; remarks: string }[];
  /** The next refund requests are refused with this message (a body status "500"), until cleared. */
  refuseRefunds: string | null;
  /** Token lifetime as the server enforces it (its `expiryDate` says the same). */
  tokenLifetimeMs: number;
  /** Forget every issued token: the next call with an old one gets 401. */
  revokeTokens(): void;
  /** The next `times` requests to `path` fail this way. */
  fail(path: string, fault: Fault, times?: number): void;
  settle(
    trackingId: string,
    statusCode: 1 | 2 | 3,
    opts?: { amount?: number; currency?: string; description?: string | null; method?: string },
  ): void;
  close(): Promise<void>;
}

export async function startFakePesapal(opts: { timeoutDelayMs?: number } = {}): Promise<FakePesapal> {
  const tokens = new Map<string, number>();
  let settled = 0n;
  const faults = new Map<string, { fault: Fault; times: number }>();
  const hanging = new Set<ServerResponse>();
  const state: FakePesapal = {
    baseUrl: '',
    calls: [],
    count: (path) => state.calls.filter((c) => c.path === path).length,
    orders: new Map(),
    ipns: [],
    refunds: [],
    refuseRefunds: null,
    tokenLifetimeMs: 5 * 60_000,
    revokeTokens: () => tokens.clear(),
    fail(path, fault, times = 1) {
      faults.set(path, { fault, times });
    },
    settle(trackingId, statusCode, o = {}) {
      const order = state.orders.get(trackingId);
      if (!order) throw new Error(`fake pesapal: no order ${trackingId}`);
      order.statusCode = statusCode;
      order.paidAmount = o.amount ?? order.amount;
      order.paidCurrency = o.currency ?? order.currency;
      order.description =
        o.description ?? (statusCode === 2 ? 'Unable to Authorize Transaction.Kindly contact your bank for assistance' : null);
      order.paymentMethod = o.method ?? 'MTN';
      order.confirmationCode ??= String(FIRST_CONFIRMATION + settled++);
    },
    close: () =>
      new Promise((resolve) => {
        for (const r of hanging) r.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', server: 'cloudflare', 'x-aspnet-version': '4.0.30319' });
    res.end(JSON.stringify(body));
  };

  async function readBody(req: IncomingMessage) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    try {
      return text ? JSON.parse(text) : undefined;
    } catch {
      return text;
    }
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/pesapalv3/, '');
    const body = await readBody(req);
    state.calls.push({ method: req.method ?? '', path, body, auth: req.headers.authorization });

    const f = faults.get(path);
    if (f && f.times > 0) {
      f.times -= 1;
      if (f.fault === 'timeout') {
        hanging.add(res);
        setTimeout(() => json(res, 200, {}), opts.timeoutDelayMs ?? 5_000).unref();
        return;
      }
      if (f.fault === 'no-redirect') {
        // Status "200" but no payment page: must still count as a failure.
        return json(res, 200, {
          order_tracking_id: randomUUID(),
          merchant_reference: (body as { id?: string })?.id,
          redirect_url: '',
          error: null,
          status: '200',
        });
      }
      if (f.fault === 'html502') {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html><body>Bad gateway</body></html>');
        return;
      }
      return json(res, 500, {
        error: { error_type: 'api_error', code: 'internal_server_error', message: 'An error occurred' },
        status: '500',
      });
    }

    if (path === '/api/Auth/RequestToken') {
      const b = (body ?? {}) as Record<string, unknown>;
      if (b.consumer_key !== FAKE_KEY || b.consumer_secret !== FAKE_SECRET) {
        return json(res, 200, {
          error: { error_type: 'api_error', code: 'invalid_consumer_key_or_secret_provided', message: '' },
          status: '500',
        });
      }
      const token = `tok_${randomUUID()}`;
      const expiresAt = Date.now() + state.tokenLifetimeMs;
      tokens.set(token, expiresAt);
      return json(res, 200, {
        token,
        expiryDate: new Date(expiresAt).toISOString(),
        error: null,
        status: '200',
        message: 'Request processed successfully',
      });
    }

    const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const exp = tokens.get(token);
    if (!exp || exp < Date.now()) {
      return json(res, 401, {
        error: { error_type: 'authentication_error', code: 'token_expired', message: 'Token expired or invalid' },
        status: '401',
      });
    }

    if (path === '/api/URLSetup/RegisterIPN') {
      const b = body as { url: string; ipn_notification_type: string };
      const ipn = { url: b.url, ipn_id: randomUUID(), method: b.ipn_notification_type };
      state.ipns.push(ipn);
      return json(res, 200, {
        id: state.ipns.length,
        url: ipn.url,
        created_date: new Date().toISOString(),
        ipn_id: ipn.ipn_id,
        notification_type: ipn.method === 'POST' ? 1 : 0,
        ipn_notification_type_description: ipn.method,
        ipn_status: 1,
        ipn_status_decription: 'Active',
        error: null,
        status: '200',
      });
    }
    if (path === '/api/URLSetup/GetIpnList') {
      return json(
        res,
        200,
        state.ipns.map((i) => ({ url: i.url, created_date: new Date().toISOString(), ipn_id: i.ipn_id, error: null, status: '200' })),
      );
    }
    if (path === '/api/Transactions/SubmitOrderRequest') {
      const b = body as Record<string, unknown>;
      if (!state.ipns.some((i) => i.ipn_id === b.notification_id)) {
        return json(res, 200, {
          error: { error_type: 'api_error', code: 'invalid_notification_id', message: 'Invalid notification id' },
          status: '500',
        });
      }
      const trackingId = randomUUID();
      state.orders.set(trackingId, {
        trackingId,
        merchantReference: String(b.id),
        amount: Number(b.amount),
        currency: String(b.currency),
        body: b,
        statusCode: 0,
      });
      return json(res, 200, {
        order_tracking_id: trackingId,
        merchant_reference: b.id,
        redirect_url: `${state.baseUrl.replace('/pesapalv3', '')}/pesapaliframe/PesapalIframe3/Index?OrderTrackingId=${trackingId}`,
        error: null,
        status: '200',
      });
    }
    if (path === '/api/Transactions/GetTransactionStatus') {
      const id = url.searchParams.get('orderTrackingId') ?? '';
      const o = state.orders.get(id);
      if (!o)
        return json(res, 200, {
          error: { error_type: 'api_error', code: 'invalid_order_tracking_id', message: 'Invalid OrderTrackingId' },
          status: '500',
        });
      const cb = `${String(o.body.callback_url)}?OrderTrackingId=${o.trackingId}&OrderMerchantReference=${o.merchantReference}`;
      const pending = o.statusCode === 0;
      return json(res, 200, {
        payment_method: pending ? '' : o.paymentMethod,
        amount: pending ? o.amount : o.paidAmount,
        created_date: '2026-11-21T18:25:46.75',
        confirmation_code: pending ? '' : o.confirmationCode,
        order_tracking_id: o.trackingId,
        payment_status_description: ['INVALID', 'Completed', 'Failed', 'Reversed'][o.statusCode],
        description: pending ? null : (o.description ?? null),
        message: 'Request processed successfully',
        payment_account: pending ? '' : '0772***002',
        call_back_url: cb,
        status_code: o.statusCode,
        merchant_reference: o.merchantReference,
        payment_status_code: '',
        currency: pending ? o.currency : o.paidCurrency,
        error: pending
          ? { error_type: 'api_error', code: 'payment_details_not_found', message: 'Pending Payment', call_back_url: cb }
          : { error_type: null, code: null, message: null, call_back_url: null },
        status: pending ? '500' : '200',
      });
    }
    if (path === '/api/Transactions/RefundRequest') {
      const b = (body ?? {}) as Record<string, unknown>;
      const refuse = (message: string) => json(res, 200, { status: '500', message });
      if (state.refuseRefunds) return refuse(state.refuseRefunds);
      const code = String(b.confirmation_code ?? '');
      const amount = Number(b.amount);
      const paid = [...state.orders.values()].find((o) => o.statusCode === 1 && code === o.confirmationCode);
      if (!paid || !b.username || !b.remarks) return refuse('Invalid refund request');
      if (!(amount > 0) || amount > (paid.paidAmount ?? paid.amount)) return refuse('Refund amount exceeds the amount collected');
      if (paid.paymentMethod !== 'Visa' && amount !== (paid.paidAmount ?? paid.amount)) {
        return refuse('Mobile money payments can only be refunded in full');
      }
      if (state.refunds.some((r) => r.confirmation_code === code)) return refuse('Multiple refunds are not allowed');
      state.refunds.push({ confirmation_code: code, amount, username: String(b.username), remarks: String(b.remarks) });
      // Accepted is not effected: the payment still reads COMPLETED until `settle(id, 3)`.
      return json(res, 200, { status: '200', message: 'Refund request successfully' });
    }
    json(res, 404, { error: { error_type: 'api_error', code: 'not_found', message: 'Not found' }, status: '404' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.baseUrl = `http://127.0.0.1:${port}/pesapalv3`;
  return state;
}
