/**
 * Picks the payment provider from configuration (config.ts `prepaidPayments`): Pesapal when both
 * consumer key and secret are set, else the built-in simulator where it is allowed, else none, and
 * mobile money and card are refused (pesapal.md: keys, base URL and ipn_id are one environment).
 */
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { readAppSetting, writeAppSetting } from '../settings/app-settings.repository.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createPesapalProvider, type IpnStore, PESAPAL_BASE_URLS } from './pesapal/pesapal-provider.ts';
import { createSimulatorProvider } from './simulator/simulator-provider.ts';

export const IPN_PATH = '/api/payments/ipn';

export function createPaymentProvider(
  config: Config,
  db: Db,
  overrides: { fetch?: typeof fetch; backoffMs?: number } = {},
): PaymentProvider | null {
  if (config.prepaidPayments === 'off') return null;
  if (config.prepaidPayments === 'simulator' || !config.PESAPAL_CONSUMER_KEY || !config.PESAPAL_CONSUMER_SECRET)
    return createSimulatorProvider(db, config.publicUrl);
  return createPesapalProvider({
    baseUrl: config.PESAPAL_BASE_URL ?? PESAPAL_BASE_URLS[config.PESAPAL_ENV],
    consumerKey: config.PESAPAL_CONSUMER_KEY,
    consumerSecret: config.PESAPAL_CONSUMER_SECRET,
    ipnUrl: `${config.publicUrl}${IPN_PATH}`,
    ipnStore: settingsIpnStore(db),
    timeoutMs: config.PESAPAL_TIMEOUT_MS,
    ...overrides,
  });
}

/** The registered ipn_id lives in app_settings, so every instance and every restart reuses it. */
/** What the log should say at start about payments, if anything needs a person's attention. */
export function paymentsNotice(config: Config): { level: 'warn' | 'info'; message: string } | null {
  if (config.prepaidPayments === 'simulator') {
    return {
      level: 'warn',
      message: config.production
        ? 'PAYMENTS_SIMULATOR is on in production: mobile money and card orders are "paid" on a test page without any money moving. Set PESAPAL_CONSUMER_KEY and PESAPAL_CONSUMER_SECRET for real payments.'
        : 'Payment simulator is live: mobile money and card are paid on a test page (no money moves). Set PESAPAL_* keys for real payments.',
    };
  }
  if (config.prepaidPayments === 'off') {
    return {
      level: 'warn',
      message:
        'Mobile money and card are off (no Pesapal keys): only cash on delivery is offered. Set PESAPAL_CONSUMER_KEY and PESAPAL_CONSUMER_SECRET to take them.',
    };
  }
  return null;
}

export function settingsIpnStore(db: Db): IpnStore {
  return {
    async get(key) {
      const v = (await readAppSetting(db, key)) as { ipnId?: unknown } | undefined;
      return typeof v?.ipnId === 'string' && v.ipnId ? v.ipnId : null;
    },
    async set(key, ipnId) {
      const value = { ipnId, registeredAt: new Date().toISOString() };
      await writeAppSetting(db, key, value);
    },
  };
}
