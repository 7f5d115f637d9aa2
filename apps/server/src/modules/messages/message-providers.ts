/**
 * One interface for sending a customer message, with providers chosen by configuration: email over
 * SMTP when SMTP_URL is set, SMS through Africa's Talking when AT_USERNAME and AT_API_KEY are set,
 * and otherwise the outbox: the message row itself, which the admin reads under Settings > Messages.
 */
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import { emailHtml } from './email-html.ts';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
}

export interface MessageProvider {
  readonly name: 'outbox' | 'smtp' | 'africastalking';
  /** Resolves once the provider accepted the message; throws to have it retried. */
  send(message: OutgoingMessage): Promise<void>;
}

/** Nothing leaves the machine: the queued row is the record the admin reads. */
export const outboxProvider: MessageProvider = { name: 'outbox', async send() {} };

export function smtpProvider(url: string, from: string): MessageProvider {
  const transport = nodemailer.createTransport(url, { from });
  // A failed SMTP exchange throws and the worker retries later; short time-outs keep the worker moving.
  const options = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
  Object.assign(transport.options, options);
  return {
    name: 'smtp',
    async send(m) {
      // Plain text and HTML of the same words: mail programs show the HTML, and fall back to the text.
      const subject = m.subject ?? '';
      await transport.sendMail({ to: m.recipient, subject, text: m.body, html: emailHtml(subject, m.body) });
    },
  };
}

/** Africa's Talking bulk SMS: POST {base}/version1/messaging, form body, `apiKey` header. */
export function africasTalkingProvider(opts: { baseUrl: string; username: string; apiKey: string; senderId?: string }): MessageProvider {
  const url = `${opts.baseUrl.replace(/\/$/, '')}/version1/messaging`;
  return {
    name: 'africastalking',
    async send(m) {
      const body = new URLSearchParams({ username: opts.username, to: m.recipient, message: m.body });
      if (opts.senderId) body.set('from', opts.senderId);
      const res = await fetch(url, {
        method: 'POST',
        headers: { apiKey: opts.apiKey, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`Africa's Talking answered ${res.status}: ${text.slice(0, 200)}`);
      // Each recipient has its own status; 100-102 mean accepted (Processed, Sent, Queued).
      const recipients = (JSON.parse(text) as { SMSMessageData?: { Recipients?: { statusCode?: number; status?: string }[] } })
        .SMSMessageData?.Recipients;
      const first = recipients?.[0];
      if (!first || ![100, 101, 102].includes(first.statusCode ?? 0)) {
        throw new Error(`Africa's Talking did not accept the SMS: ${first?.status ?? text.slice(0, 200)}`);
      }
    },
  };
}

export interface MessageProviders {
  sms: MessageProvider;
  email: MessageProvider;
}

export function createMessageProviders(config: Config): MessageProviders {
  return {
    email: config.SMTP_URL ? smtpProvider(config.SMTP_URL, config.SMTP_FROM) : outboxProvider,
    sms:
      config.AT_USERNAME && config.AT_API_KEY
        ? africasTalkingProvider({
            baseUrl: config.AT_BASE_URL,
            username: config.AT_USERNAME,
            apiKey: config.AT_API_KEY,
            senderId: config.AT_SENDER_ID,
          })
        : outboxProvider,
  };
}
