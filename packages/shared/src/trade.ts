/**
 * Trade accounts: a restaurant, hotel or retailer applies from the storefront, staff approve or
 * decline it, and its members (owner, buyers, approvers) order on the business's behalf. What both
 * sides must agree on: statuses, roles, the application and invitation inputs, and the shapes the
 * member area and Admin > Trade accounts read.
 */
import { z } from 'zod';
import { email, fullName, phone } from './auth.ts';
import { latitude, longitude } from './geo.ts';

export const TRADE_STATUSES = ['applied', 'approved', 'declined', 'suspended'] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];
export const TRADE_STATUS_LABEL: Record<TradeStatus, string> = {
  applied: 'Waiting for review',
  approved: 'Approved',
  declined: 'Declined',
  suspended: 'Suspended',
};

export const TRADE_ROLES = ['owner', 'buyer', 'approver'] as const;
export type TradeRole = (typeof TRADE_ROLES)[number];
export const TRADE_ROLE_LABEL: Record<TradeRole, string> = { owner: 'Owner', buyer: 'Buyer', approver: 'Approver' };
export const TRADE_ROLE_HINT: Record<TradeRole, string> = {
  owner: 'Runs the account: invites and removes members, sets roles and limits',
  buyer: 'Places orders, up to the limit the owner sets',
  approver: 'Places orders of any size',
};
/** Roles the owner may give through an invitation or a change (an account has exactly one owner). */
export const INVITABLE_TRADE_ROLES = ['buyer', 'approver'] as const;

/** Expected weekly spend bands, as a business states them when applying. */
export const WEEKLY_VOLUMES = ['under_500k', '500k_2m', '2m_10m', 'over_10m'] as const;
export type WeeklyVolume = (typeof WEEKLY_VOLUMES)[number];
export const WEEKLY_VOLUME_LABEL: Record<WeeklyVolume, string> = {
  under_500k: 'Under UGX 500,000',
  '500k_2m': 'UGX 500,000 – 2,000,000',
  '2m_10m': 'UGX 2,000,000 – 10,000,000',
  over_10m: 'Over UGX 10,000,000',
};

/** An invitation link works this long; after it the owner sends a new one. */
export const TRADE_INVITATION_DAYS = 14;
/** Members of one business, invitations waiting included: enough for a hotel's kitchens and buyers. */
export const MAX_TRADE_MEMBERS = 25;

export { APPROVAL_WINDOW_HOURS } from './order-lifecycle.ts';

export const TRADE_MESSAGES = {
  alreadyMember: 'You already belong to a trade account.',
  alreadyApplied: 'You have already applied for a trade account.',
  notMember: 'You are not a member of a trade account.',
  ownerOnly: 'Only the account owner can do this.',
  notApproved: 'This trade account is not approved yet.',
  invitationGone: 'This invitation has expired or was withdrawn. Ask the account owner for a new one.',
  invitationOtherEmail: (to: string) => `This invitation was sent to ${to}. Sign in with that email to accept it.`,
  alreadyInvited: 'This email already has an invitation waiting.',
  tooManyMembers: `A trade account can have up to ${MAX_TRADE_MEMBERS} members.`,
  ownerStays: 'The owner cannot be removed or given another role.',
  notApplied: 'Only an application waiting for review can be approved or declined.',
  overLimit: (limit: string) =>
    `This order is over your buying limit of ${limit}. Ask an approver or the account owner to place it, or make it smaller.`,
  /** Over the limit with a method paid at checkout: the money would be taken before anyone approved. */
  overLimitPayLater: (limit: string) =>
    `This order is over your buying limit of ${limit}, so it must wait for an approver before it is paid. Choose On account or Cash on delivery, or make it smaller.`,
  approverOnly: 'Only the account owner or an approver can approve or decline orders.',
  orderNotFound: 'Order not found',
} as const;

const tin = z
  .string()
  .trim()
  .regex(/^\d{10}$/, 'TIN must be 10 digits');
const businessName = z.string().trim().min(2, 'Business name is required').max(120, 'Business name is too long');

/** A signed-in customer applies for their business. */
export const TradeApplyInput = z.object({
  businessName,
  tin,
  address: z.string().trim().min(1, 'Choose the business address on the map').max(300),
  lat: latitude,
  lng: longitude,
  contactName: fullName,
  contactPhone: phone,
  weeklyVolume: z.enum(WEEKLY_VOLUMES, { error: 'Choose your expected weekly volume' }),
});
export type TradeApplyInput = z.input<typeof TradeApplyInput>;
export type TradeApplyData = z.output<typeof TradeApplyInput>;

/** A buyer's limit in whole UGX; null means no limit. */
const approvalLimit = z
  .number({ error: 'Enter the limit in UGX' })
  .int('Enter the limit in whole shillings')
  .min(1_000, 'The limit must be at least UGX 1,000')
  .max(1_000_000_000, 'The limit is too large')
  .nullable();

export const TradeInviteInput = z.object({
  email,
  role: z.enum(INVITABLE_TRADE_ROLES, { error: 'Choose a role' }),
  approvalLimit: approvalLimit.optional(),
});
export type TradeInviteInput = z.input<typeof TradeInviteInput>;
export type TradeInviteData = z.output<typeof TradeInviteInput>;

export const TradeMemberUpdateInput = z.object({
  role: z.enum(INVITABLE_TRADE_ROLES, { error: 'Choose a role' }),
  approvalLimit: approvalLimit.optional(),
});
export type TradeMemberUpdateInput = z.input<typeof TradeMemberUpdateInput>;

export const TradeMemberParams = z.object({ userId: z.string().min(1).max(64) });
export const TradeInvitationParams = z.object({ id: z.uuid('Unknown invitation') });
export const TradeTokenParams = z.object({ token: z.string().min(20).max(100) });

export const TradeAccount = z.object({
  id: z.string(),
  businessName: z.string(),
  tin: z.string(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  contactName: z.string(),
  contactPhone: z.string(),
  weeklyVolume: z.enum(WEEKLY_VOLUMES),
  status: z.enum(TRADE_STATUSES),
  declineReason: z.string().nullable(),
  tierId: z.string().nullable(),
  tierName: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Pay on account: net days and the credit limit (UGX), both null when the account has no terms. */
  termsDays: z.number().int().nullable(),
  creditLimit: z.number().int().nullable(),
});
export type TradeAccount = z.infer<typeof TradeAccount>;

export const TradeMember = z.object({
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(TRADE_ROLES),
  approvalLimit: z.number().int().nullable(),
  joinedAt: z.string(),
});
export type TradeMember = z.infer<typeof TradeMember>;

export const TradeInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(TRADE_ROLES),
  approvalLimit: z.number().int().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type TradeInvitation = z.infer<typeof TradeInvitation>;

/** The storefront's view: the caller's business (or none) and their own role in it. */
export const MyTrade = z.object({
  account: TradeAccount.nullable(),
  role: z.enum(TRADE_ROLES).nullable(),
  approvalLimit: z.number().int().nullable(),
});
export type MyTrade = z.infer<typeof MyTrade>;

export const TradeMembers = z.object({ members: z.array(TradeMember), invitations: z.array(TradeInvitation) });
export type TradeMembers = z.infer<typeof TradeMembers>;

/** One of the business's orders, as its members see it in the list. */
export const TradeOrder = z.object({
  id: z.string(),
  status: z.string(),
  totalAmount: z.number().int(),
  paymentMethod: z.string(),
  placedBy: z.string(),
  createdAt: z.string(),
  cancelReason: z.string().nullable(),
  /** The owner or approver who approved or declined it, when it was held for approval. */
  approvalByName: z.string().nullable(),
  approvalAt: z.string().nullable(),
});
export type TradeOrder = z.infer<typeof TradeOrder>;
export const TradeOrders = z.object({ orders: z.array(TradeOrder) });

/** Roles that decide on a buyer's order held over their limit. */
export const APPROVING_TRADE_ROLES: readonly TradeRole[] = ['owner', 'approver'];
export const TradeOrderParams = z.object({ id: z.uuid('Order not found') });
/** Declining a held order: the buyer reads the reason. */
export const TradeOrderDeclineInput = z.object({
  reason: z.string().trim().min(1, 'Say why the order is declined').max(300, 'Keep the reason under 300 characters'),
});
export type TradeOrderDeclineInput = z.input<typeof TradeOrderDeclineInput>;
export type TradeOrders = z.infer<typeof TradeOrders>;

/** What the invitation page shows before the invitee accepts. */
export const TradeInvitationPreview = z.object({
  businessName: z.string(),
  email: z.string(),
  role: z.enum(TRADE_ROLES),
  invitedBy: z.string(),
});
export type TradeInvitationPreview = z.infer<typeof TradeInvitationPreview>;

// Admin > Trade accounts.
export const TradeTier = z.object({ id: z.string(), name: z.string() });
export type TradeTier = z.infer<typeof TradeTier>;
export const TradeTiers = z.object({ tiers: z.array(TradeTier) });

export const AdminTradeListQuery = z.object({ status: z.enum(TRADE_STATUSES).optional() });
export const AdminTradeAccountRow = TradeAccount.extend({ ownerEmail: z.string(), members: z.number().int() });
export type AdminTradeAccountRow = z.infer<typeof AdminTradeAccountRow>;
export const AdminTradeAccountList = z.object({ accounts: z.array(AdminTradeAccountRow) });
export type AdminTradeAccountList = z.infer<typeof AdminTradeAccountList>;
export const AdminTradeAccountDetail = z.object({
  account: AdminTradeAccountRow,
  members: z.array(TradeMember),
  invitations: z.array(TradeInvitation),
});
export type AdminTradeAccountDetail = z.infer<typeof AdminTradeAccountDetail>;
export const AdminTradeIdParams = z.object({ id: z.uuid('Unknown trade account') });

export const AdminTradeApproveInput = z.object({ tierId: z.string().min(1, 'Choose a tier').max(64) });
export type AdminTradeApproveInput = z.input<typeof AdminTradeApproveInput>;
const reason = z.string().trim().min(3, 'Give a reason (the business is told it)').max(500, 'The reason is too long');
export const AdminTradeReasonInput = z.object({ reason });
export type AdminTradeReasonInput = z.input<typeof AdminTradeReasonInput>;
export const AdminTradeTierInput = z.object({ tierId: z.string().min(1, 'Choose a tier').max(64) });

// Pay on account: terms and the credit limit staff set on an approved account.
export const TRADE_TERMS = [7, 14, 30] as const;
export type TradeTerms = (typeof TRADE_TERMS)[number];
export const TRADE_TERMS_LABEL = (days: number) => `Net ${days} days`;

export const CREDIT_MESSAGES = {
  noTerms: 'On account is for members of an approved trade account with terms. Choose another way to pay.',
  overLimit: (business: string, limit: string) => `This order would take ${business} past its credit limit of ${limit}; pay now instead.`,
  overdue: (business: string, invoice: string, due: string) =>
    `${business} has an overdue invoice (${invoice}, due ${due}). Pay it first, or pay for this order now.`,
  onlyApproved: 'Terms can be given only to an approved trade account.',
  termsWithLimit: 'Give terms and a credit limit together, or neither.',
} as const;

/** Terms and limit together, or both null (the account pays at checkout like anyone). */
export const AdminTradeCreditInput = z
  .object({
    termsDays: z
      .number({ error: 'Choose net 7, 14 or 30 days' })
      .int()
      .refine((d) => (TRADE_TERMS as readonly number[]).includes(d), 'Choose net 7, 14 or 30 days')
      .nullable(),
    creditLimit: z
      .number({ error: 'Enter the credit limit in UGX' })
      .int('Enter the limit in whole shillings')
      .min(10_000, 'The credit limit must be at least UGX 10,000')
      .max(2_000_000_000, 'The credit limit is too large')
      .nullable(),
  })
  .refine((v) => (v.termsDays === null) === (v.creditLimit === null), {
    message: CREDIT_MESSAGES.termsWithLimit,
    path: ['creditLimit'],
  });
export type AdminTradeCreditInput = z.input<typeof AdminTradeCreditInput>;
