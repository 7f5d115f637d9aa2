/**
 * Admin > Trade accounts: applications to approve (with a tier) or decline (with a reason the
 * business is told), accounts suspended and reinstated, tiers changed. Each decision writes its audit
 * row and queues the owner's email in the same transaction.
 */
import type { AdminTradeAccountDetail, AdminTradeAccountList, AdminTradeAccountRow, TradeRole, TradeStatus } from '@meatshop/shared/trade';
import { CREDIT_MESSAGES, TRADE_MESSAGES } from '@meatshop/shared/trade';
import type { Db, Tx } from '../../db/client.ts';
import { forbidden, invalid, notFound } from '../../platform/errors.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { queueTradeEmail } from '../messages/trade-messages.ts';
import {
  findOpenInvitations,
  findTradeAccountById,
  findTradeAccounts,
  findTradeMembers,
  findTradeTierById,
  findTradeTiers,
  type TradeAccountRow,
  updateTradeAccount,
} from './trade.repository.ts';
import { toTradeAccount } from './trade.service.ts';

export const tradeTiers = async (db: Db) => ({ tiers: await findTradeTiers(db) });

export async function adminTradeAccounts(db: Db, status?: TradeStatus): Promise<AdminTradeAccountList> {
  const rows = await findTradeAccounts(db, status);
  return { accounts: rows.map((r) => ({ ...toTradeAccount(r), ownerEmail: r.ownerEmail, members: r.members })) };
}

export async function adminTradeAccount(db: Tx, id: string, now = new Date()): Promise<AdminTradeAccountDetail> {
  const account = await findTradeAccountById(db, id);
  if (!account) throw notFound('Trade account not found');
  const members = await findTradeMembers(db, id);
  const invitations = await findOpenInvitations(db, id, now);
  const owner = members.find((m) => m.role === 'owner');
  const row: AdminTradeAccountRow = { ...toTradeAccount(account), ownerEmail: owner?.email ?? '', members: members.length };
  return {
    account: row,
    members: members.map((m) => ({ ...m, role: m.role as TradeRole, joinedAt: m.joinedAt.toISOString() })),
    invitations: invitations.map((i) => ({
      ...i,
      role: i.role as TradeRole,
      expiresAt: i.expiresAt.toISOString(),
      createdAt: i.createdAt.toISOString(),
    })),
  };
}

type Decision =
  | { kind: 'approve'; tierId: string }
  | { kind: 'decline'; reason: string }
  | { kind: 'suspend'; reason: string }
  | { kind: 'reinstate' }
  | { kind: 'tier'; tierId: string };

/** Which status each decision may start from. */
const FROM: Record<Decision['kind'], readonly string[]> = {
  approve: ['applied'],
  decline: ['applied'],
  suspend: ['approved'],
  reinstate: ['suspended'],
  tier: ['approved', 'suspended'],
};
const REFUSAL: Record<Decision['kind'], string> = {
  approve: TRADE_MESSAGES.notApplied,
  decline: TRADE_MESSAGES.notApplied,
  suspend: 'Only an approved account can be suspended.',
  reinstate: 'Only a suspended account can be reinstated.',
  tier: 'Set the tier of an approved or suspended account (an application gets its tier when approved).',
};

export async function decideTradeAccount(
  db: Db,
  id: string,
  decision: Decision,
  by: AuditActor,
  publicUrl: string,
  now = new Date(),
): Promise<AdminTradeAccountDetail> {
  return db.transaction(async (tx) => {
    const account = await findTradeAccountById(tx, id, true);
    if (!account) throw notFound('Trade account not found');
    if (!FROM[decision.kind].includes(account.status)) throw invalid(REFUSAL[decision.kind]);
    if ('tierId' in decision && !(await findTradeTierById(tx, decision.tierId))) throw invalid('Choose a tier', { tierId: 'Unknown tier' });
    if (decision.kind === 'tier' && decision.tierId === account.tierId) return adminTradeAccount(tx, id, now);
    const change = changeOf(decision, now);
    await updateTradeAccount(tx, id, change.values);
    await recordAudit(tx, by, {
      entityType: 'trade_account',
      entityId: id,
      action: change.action,
      before: { status: account.status, tierId: account.tierId, declineReason: account.declineReason },
      after: { status: change.values.status ?? account.status, tierId: change.values.tierId ?? account.tierId, ...reasonOf(decision) },
    });
    await tellOwner(tx, account, decision, publicUrl);
    return adminTradeAccount(tx, id, now);
  });
}

function changeOf(d: Decision, now: Date) {
  switch (d.kind) {
    case 'approve':
      return { action: 'approve' as const, values: { status: 'approved', tierId: d.tierId, declineReason: null, decidedAt: now } };
    case 'decline':
      return { action: 'decline' as const, values: { status: 'declined', declineReason: d.reason, decidedAt: now } };
    case 'suspend':
      return { action: 'deactivate' as const, values: { status: 'suspended', declineReason: d.reason } };
    case 'reinstate':
      return { action: 'activate' as const, values: { status: 'approved', declineReason: null } };
    case 'tier':
      return { action: 'update' as const, values: { tierId: d.tierId } };
  }
}

const reasonOf = (d: Decision) => ('reason' in d ? { declineReason: d.reason } : {});

async function tellOwner(tx: Tx, account: TradeAccountRow, d: Decision, publicUrl: string) {
  const owner = (await findTradeMembers(tx, account.id)).find((m) => m.role === 'owner');
  if (!owner) throw forbidden('This trade account has no owner.');
  const base = { name: owner.fullName, businessName: account.businessName };
  if (d.kind === 'approve' || d.kind === 'reinstate')
    await queueTradeEmail(tx, owner.email, { event: 'trade_approved', ...base, link: `${publicUrl}/account/trade` });
  else if (d.kind === 'decline') await queueTradeEmail(tx, owner.email, { event: 'trade_declined', ...base, reason: d.reason });
  else if (d.kind === 'suspend') await queueTradeEmail(tx, owner.email, { event: 'trade_suspended', ...base, reason: d.reason });
}

/**
 * Terms and credit limit of an approved account (both, or neither to take terms away), audited.
 * Taking the row's lock orders this after any on-account placement holding it, so a limit lowered
 * now applies to the next order, never half-way through one.
 */
export async function setTradeCredit(
  db: Db,
  id: string,
  input: { termsDays: number | null; creditLimit: number | null },
  by: AuditActor,
  now = new Date(),
): Promise<AdminTradeAccountDetail> {
  return db.transaction(async (tx) => {
    const account = await findTradeAccountById(tx, id, true);
    if (!account) throw notFound('Trade account not found');
    if (account.status !== 'approved' && input.termsDays !== null) throw invalid(CREDIT_MESSAGES.onlyApproved);
    if (account.termsDays === input.termsDays && account.creditLimit === input.creditLimit) return adminTradeAccount(tx, id, now);
    await updateTradeAccount(tx, id, { termsDays: input.termsDays, creditLimit: input.creditLimit, updatedAt: now });
    await recordAudit(tx, by, {
      entityType: 'trade_account',
      entityId: id,
      action: 'update',
      before: { termsDays: account.termsDays, creditLimit: account.creditLimit },
      after: { termsDays: input.termsDays, creditLimit: input.creditLimit },
    });
    return adminTradeAccount(tx, id, now);
  });
}
