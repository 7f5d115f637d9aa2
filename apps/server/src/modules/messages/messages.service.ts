/** The admin's view of customer messages (Settings > Messages): newest first, with how each went. */
import type { AdminMessage } from '@meatshop/shared/messages';
import { customerOrderNumber } from '@meatshop/shared/status';
import type { Db } from '../../db/client.ts';
import { maskResetLink } from './account-messages.ts';
import { listCustomerMessages } from './customer-messages.repository.ts';

const LIMIT = 200;

export async function listMessages(db: Db, q: { channel?: 'sms' | 'email'; orderId?: string }): Promise<AdminMessage[]> {
  const rows = await listCustomerMessages(db, q, LIMIT);
  return rows.map((r) => ({
    id: r.id,
    orderId: r.orderId,
    orderNumber: r.orderId ? customerOrderNumber(r.orderId) : null,
    event: r.event,
    channel: r.channel as AdminMessage['channel'],
    recipient: r.recipient,
    subject: r.subject,
    // A reset link that left through a real provider is the account's key: the admin does not need it.
    body: r.event === 'password_reset' && r.provider !== 'outbox' ? maskResetLink(r.body) : r.body,
    status: r.status as AdminMessage['status'],
    provider: r.provider,
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  }));
}
