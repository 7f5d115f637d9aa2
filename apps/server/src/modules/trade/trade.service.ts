/**
 * Trade accounts from the storefront: a customer applies for their business (and becomes its owner
 * member at once, so they see the status), the owner invites members by email and sets their roles
 * and buying limits, an invitee accepts while signed in with the invited email, and every member
 * sees the business's orders. Everything is scoped by the caller's own membership: no route takes
 * an account id, so a member can only ever reach their own business.
 */
import { createHash, randomBytes } from 'node:crypto';
import { formatUGX } from '@meatshop/shared/money';
import { customerOrderNumber } from '@meatshop/shared/status';
import {
  APPROVAL_WINDOW_HOURS,
  APPROVING_TRADE_ROLES,
  MAX_TRADE_MEMBERS,
  type MyTrade,
  TRADE_INVITATION_DAYS,
  TRADE_MESSAGES,
  type TradeAccount,
  type TradeApplyData,
  type TradeInvitationPreview,
  type TradeInviteData,
  type TradeMemberUpdateInput,
  type TradeMembers,
  type TradeOrders,
  type TradeRole,
  type WeeklyVolume,
} from '@meatshop/shared/trade';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, forbidden, invalid, notFound, pgErrorCode } from '../../platform/errors.ts';
import { queueTradeEmail } from '../messages/trade-messages.ts';
import {
  countSeats,
  deleteInvitation,
  deleteInvitationByEmail,
  deleteTradeMember,
  findInvitationByEmail,
  findInvitationById,
  findInvitationByTokenHash,
  findMembershipByUserId,
  findOpenInvitations,
  findTradeAccountById,
  findTradeMember,
  findTradeMembers,
  findTradeOrders,
  insertInvitation,
  insertTradeAccount,
  insertTradeMember,
  type TradeAccountRow,
  updateTradeMember,
} from './trade.repository.ts';

const DAY_MS = 86_400_000;
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
export const invitationLink = (publicUrl: string, token: string) => `${publicUrl}/account/trade/join?token=${encodeURIComponent(token)}`;

export function toTradeAccount(r: TradeAccountRow): TradeAccount {
  return {
    id: r.id,
    businessName: r.businessName,
    tin: r.tin,
    address: r.address,
    lat: r.lat,
    lng: r.lng,
    contactName: r.contactName,
    contactPhone: r.contactPhone,
    weeklyVolume: r.weeklyVolume as WeeklyVolume,
    status: r.status as TradeAccount['status'],
    declineReason: r.declineReason,
    tierId: r.tierId,
    tierName: r.tierName,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    termsDays: r.termsDays,
    creditLimit: r.creditLimit,
  };
}

export async function myTrade(db: Db, userId: string): Promise<MyTrade> {
  const m = await findMembershipByUserId(db, userId);
  if (!m) return { account: null, role: null, approvalLimit: null };
  const account = await findTradeAccountById(db, m.accountId);
  return { account: account ? toTradeAccount(account) : null, role: m.role as TradeRole, approvalLimit: m.approvalLimit };
}

/** One person, one business: someone already in one (applied, approved or otherwise) cannot apply again. */
export async function applyForTrade(db: Db, userId: string, input: TradeApplyData): Promise<MyTrade> {
  try {
    await db.transaction(async (tx) => {
      const existing = await findMembershipByUserId(tx, userId);
      if (existing) throw conflict(TRADE_MESSAGES.alreadyApplied);
      const account = await insertTradeAccount(tx, { ...input, appliedBy: userId });
      await insertTradeMember(tx, { accountId: account.id, userId, role: 'owner' });
    });
  } catch (err) {
    // Two submits at once: the unique member row lets only one through.
    if (pgErrorCode(err) === '23505') throw conflict(TRADE_MESSAGES.alreadyApplied);
    throw err;
  }
  return myTrade(db, userId);
}

/** The caller's membership, or a refusal; `owner` demands the owner. */
async function requireMember(tx: Tx, userId: string, owner = false) {
  const m = await findMembershipByUserId(tx, userId);
  if (!m) throw forbidden(TRADE_MESSAGES.notMember);
  if (owner && m.role !== 'owner') throw forbidden(TRADE_MESSAGES.ownerOnly);
  return m;
}

export async function tradeMembers(db: Db, userId: string, now = new Date()): Promise<TradeMembers> {
  const m = await requireMember(db, userId);
  const [members, invitations] = [await findTradeMembers(db, m.accountId), await findOpenInvitations(db, m.accountId, now)];
  return {
    members: members.map((x) => ({ ...x, role: x.role as TradeRole, joinedAt: x.joinedAt.toISOString() })),
    // Only the owner manages invitations; the others see who is in the business.
    invitations:
      m.role === 'owner'
        ? invitations.map((i) => ({
            ...i,
            role: i.role as TradeRole,
            expiresAt: i.expiresAt.toISOString(),
            createdAt: i.createdAt.toISOString(),
          }))
        : [],
  };
}

const limitFor = (role: TradeRole, limit: number | null | undefined) => (role === 'buyer' ? (limit ?? null) : null);

/**
 * The owner invites someone by email; the email carries a link with a random token whose hash alone
 * is stored. An expired invitation to the same email is replaced; a live one is refused (the owner
 * withdraws it first), and so is someone already in this business.
 */
export async function inviteMember(
  db: Db,
  userId: string,
  input: TradeInviteData,
  publicUrl: string,
  now = new Date(),
): Promise<TradeMembers> {
  await db.transaction(async (tx) => {
    const m = await requireMember(tx, userId, true);
    const account = (await findTradeAccountById(tx, m.accountId, true))!;
    if (account.status !== 'approved') throw forbidden(TRADE_MESSAGES.notApproved);
    const members = await findTradeMembers(tx, m.accountId);
    if (members.some((x) => x.email === input.email)) throw conflict('This person is already a member of your business.');
    const open = await findInvitationByEmail(tx, m.accountId, input.email);
    if (open && open.expiresAt > now) throw conflict(TRADE_MESSAGES.alreadyInvited);
    if (open) await deleteInvitationByEmail(tx, m.accountId, input.email);
    if ((await countSeats(tx, m.accountId, now)) >= MAX_TRADE_MEMBERS) throw invalid(TRADE_MESSAGES.tooManyMembers);
    const token = randomBytes(24).toString('base64url');
    await insertInvitation(tx, {
      accountId: m.accountId,
      email: input.email,
      role: input.role,
      approvalLimit: limitFor(input.role, input.approvalLimit),
      tokenHash: tokenHash(token),
      invitedBy: userId,
      expiresAt: new Date(now.getTime() + TRADE_INVITATION_DAYS * DAY_MS),
    });
    const inviter = members.find((x) => x.userId === userId);
    await queueTradeEmail(tx, input.email, {
      event: 'trade_invitation',
      name: input.email,
      businessName: account.businessName,
      role: input.role,
      invitedBy: inviter?.fullName ?? account.contactName,
      link: invitationLink(publicUrl, token),
    });
  });
  return tradeMembers(db, userId, now);
}

export async function withdrawInvitation(db: Db, userId: string, id: string): Promise<TradeMembers> {
  await db.transaction(async (tx) => {
    const m = await requireMember(tx, userId, true);
    if (!(await findInvitationById(tx, m.accountId, id))) throw notFound('Invitation not found');
    await deleteInvitation(tx, id);
  });
  return tradeMembers(db, userId);
}

/** The owner sets a member's role (buyer or approver) and a buyer's limit; the owner's own row stays. */
export async function updateMember(db: Db, userId: string, memberId: string, input: TradeMemberUpdateInput): Promise<TradeMembers> {
  await db.transaction(async (tx) => {
    const m = await requireMember(tx, userId, true);
    const target = await findTradeMember(tx, m.accountId, memberId);
    if (!target) throw notFound('Member not found');
    if (target.role === 'owner') throw invalid(TRADE_MESSAGES.ownerStays);
    await updateTradeMember(tx, m.accountId, memberId, { role: input.role, approvalLimit: limitFor(input.role, input.approvalLimit) });
  });
  return tradeMembers(db, userId);
}

export async function removeMember(db: Db, userId: string, memberId: string): Promise<TradeMembers> {
  await db.transaction(async (tx) => {
    const m = await requireMember(tx, userId, true);
    const target = await findTradeMember(tx, m.accountId, memberId);
    if (!target) throw notFound('Member not found');
    if (target.role === 'owner') throw invalid(TRADE_MESSAGES.ownerStays);
    await deleteTradeMember(tx, m.accountId, memberId);
  });
  return tradeMembers(db, userId);
}

/** What the invitation page shows; an unknown, used or expired token reads the same. */
export async function previewInvitation(db: Db, token: string, now = new Date()): Promise<TradeInvitationPreview> {
  const inv = await findInvitationByTokenHash(db, tokenHash(token));
  if (!inv || inv.expiresAt <= now) throw notFound(TRADE_MESSAGES.invitationGone);
  return { businessName: inv.businessName, email: inv.email, role: inv.role as TradeRole, invitedBy: inv.invitedBy };
}

/**
 * The invitee joins: signed in with the invited email (a forwarded link does not let someone else
 * in), in no other business. The invitation is used up in the same transaction.
 */
export async function acceptInvitation(
  db: Db,
  actor: { userId: string; email: string },
  token: string,
  now = new Date(),
): Promise<MyTrade> {
  try {
    await db.transaction(async (tx) => {
      const inv = await findInvitationByTokenHash(tx, tokenHash(token), true);
      if (!inv || inv.expiresAt <= now) throw notFound(TRADE_MESSAGES.invitationGone);
      if (inv.email !== actor.email.toLowerCase()) throw forbidden(TRADE_MESSAGES.invitationOtherEmail(inv.email));
      if (await findMembershipByUserId(tx, actor.userId)) throw conflict(TRADE_MESSAGES.alreadyMember);
      await insertTradeMember(tx, { accountId: inv.accountId, userId: actor.userId, role: inv.role, approvalLimit: inv.approvalLimit });
      await deleteInvitation(tx, inv.id);
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw conflict(TRADE_MESSAGES.alreadyMember);
    throw err;
  }
  return myTrade(db, actor.userId);
}

/**
 * A buyer's order was held over their limit: the owner and every approver of the business are
 * emailed in the placing transaction (they decide on the business page; decision 269).
 */
export async function askApprovers(tx: Tx, accountId: string, order: { id: string; totalAmount: number }, buyer: string) {
  const account = await findTradeAccountById(tx, accountId);
  if (!account) return;
  for (const m of await findTradeMembers(tx, accountId)) {
    if (!APPROVING_TRADE_ROLES.includes(m.role as TradeRole)) continue;
    await queueTradeEmail(tx, m.email, {
      event: 'trade_approval_needed',
      name: m.fullName,
      businessName: account.businessName,
      buyer,
      orderNumber: customerOrderNumber(order.id),
      total: formatUGX(order.totalAmount),
      hours: APPROVAL_WINDOW_HOURS,
    });
  }
}

export async function tradeOrders(db: Db, userId: string): Promise<TradeOrders> {
  const m = await requireMember(db, userId);
  const rows = await findTradeOrders(db, m.accountId);
  return {
    orders: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), approvalAt: r.approvalAt?.toISOString() ?? null })),
  };
}
