/**
 * Emails about the account itself (not an order): a password-reset link, a password changed, and a
 * sign-up tried with an address that already has an account. They go through the same outbox and
 * worker as order messages, so SMTP, retries and the admin's view apply to them too.
 */
import { SHOP } from '@meatshop/shared/constants';
import { RESET_LINK_MINUTES } from '@meatshop/shared/passwords';
import type { Tx } from '../../db/client.ts';
import { customerMessages } from '../../db/schema/delivery-ops.ts';

export const ACCOUNT_MESSAGE_EVENTS = ['password_reset', 'password_changed', 'sign_up_attempt'] as const;
export type AccountMessageEvent = (typeof ACCOUNT_MESSAGE_EVENTS)[number];

interface Facts {
  name: string;
  publicUrl: string;
  /** The reset link (password_reset only). */
  link?: string;
}

function text(event: AccountMessageEvent, f: Facts): { subject: string; body: string } {
  const hello = `Hello ${f.name},`;
  const forgot = `${f.publicUrl}/forgot-password`;
  switch (event) {
    case 'password_reset':
      return {
        subject: `Choose a new password for ${SHOP.name}`,
        body: `${hello}\n\nSomeone asked to reset the password of your ${SHOP.name} account. To choose a new one, open this link within ${RESET_LINK_MINUTES} minutes (it works once):\n\n${f.link}\n\nIf it wasn't you, ignore this email: your password stays as it is.`,
      };
    case 'password_changed':
      return {
        subject: `Your ${SHOP.name} password was changed`,
        body: `${hello}\n\nThe password of your ${SHOP.name} account was just changed, and every other device was signed out.\n\nIf this wasn't you, choose a new password now at ${forgot} and contact us.`,
      };
    case 'sign_up_attempt':
      return {
        subject: `Someone tried to create a ${SHOP.name} account with your email`,
        body: `${hello}\n\nSomeone (maybe you) just tried to create a new ${SHOP.name} account with this email address. You already have an account, so nothing was changed and no new account was made.\n\nIf it was you, sign in at ${f.publicUrl}. Forgot your password? Choose a new one at ${forgot}.\n\nIf it wasn't you, you can ignore this email.`,
      };
  }
}

/** Queues one account email; the caller wakes the worker if it wants it sent at once. */
export async function queueAccountEmail(db: Tx, event: AccountMessageEvent, recipient: string, facts: Facts) {
  const { subject, body } = text(event, facts);
  await db.insert(customerMessages).values({ orderId: null, event, channel: 'email', recipient, subject, body });
}

/** The admin's view of a reset email once it left through a real provider: the link is the account's key. */
export function maskResetLink(body: string) {
  return body.replace(/(reset-password\?token=)[^\s]+/g, '$1(hidden)');
}
