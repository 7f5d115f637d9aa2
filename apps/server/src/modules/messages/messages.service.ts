/** The admin's view of customer messages (Settings > Messages): newest first, with how each went. */
import type { AdminMessage } from '@meatshop/shared/messages';
import { customerOrderNumber } from '@meatshop/shared/status';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customerMessages } from '../../db/schema/delivery-ops.ts';
import { maskResetLink } from './account-messages.ts';

const LIMIT = 200;

export async function listMessages(db: Db, q: { channel?: 'sms' | 'email'; orderId?: string }): Promise<AdminMessage[]> {
  const where: SQL[] = [];
  if (q.channel) where.push(eq(customerMessages.channel, q.channel));
  if (q.orderId) where.push(eq(customerMessages.orderId, q.orderId));
  const rows = await db
    .select()
    .from(customerMessages)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(customerMessages.createdAt), customerMessages.channel)
    .limit(LIMIT);
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
