/**
 * Emails about a trade account: the invitation to join one, and the decision on an application
 * (approved, declined with the reason, suspended). Through the same outbox as every message, so a
 * decision that rolls back tells nobody and one that commits is always sent.
 */
import { SHOP } from '@meatshop/shared/constants';
import { TRADE_INVITATION_DAYS, TRADE_ROLE_LABEL, type TradeRole } from '@meatshop/shared/trade';
import type { Tx } from '../../db/client.ts';
import { customerMessages } from '../../db/schema/delivery-ops.ts';

export type TradeMessage =
  | { event: 'trade_invitation'; name: string; businessName: string; role: TradeRole; invitedBy: string; link: string }
  | { event: 'trade_approved'; name: string; businessName: string; link: string }
  | { event: 'trade_declined' | 'trade_suspended'; name: string; businessName: string; reason: string }
  | {
      event: 'trade_approval_needed';
      name: string;
      businessName: string;
      buyer: string;
      orderNumber: string;
      total: string;
      hours: number;
    };

function text(m: TradeMessage): { subject: string; body: string } {
  const hello = `Hello ${m.name},`;
  switch (m.event) {
    case 'trade_invitation':
      return {
        subject: `${m.invitedBy} invited you to ${m.businessName}'s trade account at ${SHOP.name}`,
        body: `${hello}\n\n${m.invitedBy} invited you to join ${m.businessName}'s trade account at ${SHOP.name} as ${TRADE_ROLE_LABEL[m.role].toLowerCase()}.\n\nTo accept, open this link within ${TRADE_INVITATION_DAYS} days and sign in (or create an account) with this email address:\n\n${m.link}\n\nIf you don't know ${m.businessName}, ignore this email.`,
      };
    case 'trade_approved':
      return {
        subject: `${m.businessName}'s trade account is approved`,
        body: `${hello}\n\nGood news: ${m.businessName}'s trade account at ${SHOP.name} is approved. Orders you and your team place now go on the business's account.\n\nInvite your buyers and approvers here: ${m.link}`,
      };
    case 'trade_declined':
      return {
        subject: `About ${m.businessName}'s trade account application`,
        body: `${hello}\n\nThank you for applying for a trade account at ${SHOP.name}. We could not approve ${m.businessName}'s application:\n\n${m.reason}\n\nYou can still shop as a household customer. Reply to this email if you have questions.`,
      };
    case 'trade_approval_needed':
      return {
        subject: `${m.buyer}'s order #${m.orderNumber} for ${m.businessName} needs your approval`,
        body: `${hello}\n\n${m.buyer} placed order #${m.orderNumber} of ${m.total} for ${m.businessName}. It is over their buying limit, so we hold it until you or another approver decide.\n\nApprove or decline it on your business page at ${SHOP.name} (My account > Trade account). If nobody decides within ${m.hours} hours, it is declined and its items go back on the shelf.`,
      };
    case 'trade_suspended':
      return {
        subject: `${m.businessName}'s trade account is suspended`,
        body: `${hello}\n\n${m.businessName}'s trade account at ${SHOP.name} is suspended:\n\n${m.reason}\n\nOrders placed now are household orders. Reply to this email to talk to us about it.`,
      };
  }
}

/** Queues one trade email in the caller's transaction; the caller wakes the worker after COMMIT. */
export async function queueTradeEmail(tx: Tx, recipient: string, message: TradeMessage) {
  const { subject, body } = text(message);
  await tx.insert(customerMessages).values({ orderId: null, event: message.event, channel: 'email', recipient, subject, body });
}
