/**
 * Standing orders from the storefront: every member of an approved business sees them; the owner
 * and buyers (who may place the business's orders) create, change, pause and resume them, and skip
 * or change one occurrence until its cut-off. Scoped by the caller's own membership, like every
 * trade route: an id of another business's standing order finds nothing.
 */
import type { ShopSettings } from '@meatshop/shared/shop-settings';
import {
  cutoffAt,
  dueDates,
  isOpen,
  nextOccurrences,
  type OccurrenceInput,
  slotLabelOf,
  slotStarts,
  STANDING_MESSAGES,
  type StandingOrder,
  type StandingOrderData,
  type StandingOrderLine,
  type StandingOrderRun,
  type StandingOrders,
  type StandingOrderStatus,
  WEEKDAY_NAMES,
  weekdayOf,
} from '@meatshop/shared/standing-orders';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, forbidden, invalid, notFound } from '../../platform/errors.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import {
  claimRun,
  deleteOverride,
  findOverrides,
  findProductNames,
  findRun,
  findRunsOfAccount,
  findStandingOrder,
  findStandingOrdersOfAccount,
  finishRun,
  insertStandingOrder,
  lockStandingOrder,
  type OverrideRow,
  type RunRow,
  type StandingOrderRow,
  updateStandingOrder,
  upsertOverride,
} from './standing-orders.repository.ts';
import { findMembershipByUserId, findTradeAccountById } from './trade.repository.ts';

/** How many coming deliveries each standing order lists. */
const OCCURRENCES_SHOWN = 6;
const RUNS_SHOWN = 30;

/** Owner and buyers place the business's orders, so they manage the orders placed for them; approvers look on. */
export const canManageStandingOrders = (role: string) => role === 'owner' || role === 'buyer';

async function member(tx: Tx, userId: string, manage: boolean) {
  const m = await findMembershipByUserId(tx, userId);
  if (!m) throw forbidden(STANDING_MESSAGES.notMember);
  if (manage && !canManageStandingOrders(m.role)) throw forbidden(STANDING_MESSAGES.cannotManage);
  if (manage && (await findTradeAccountById(tx, m.accountId))?.status !== 'approved') throw forbidden(STANDING_MESSAGES.notApproved);
  return m;
}

export function toRunView(r: RunRow): StandingOrderRun {
  return {
    standingOrderId: r.standingOrderId,
    deliveryDate: r.deliveryDate,
    status: r.status as StandingOrderRun['status'],
    orderId: r.orderId,
    failure: r.failure,
    reduced: r.reduced,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The business's standing orders with their coming occurrences, and its recent runs. */
export async function accountStandingOrders(db: Tx, accountId: string, canManage: boolean, now: Date): Promise<StandingOrders> {
  const settings = await getShopSettings(db);
  const rows = await findStandingOrdersOfAccount(db, accountId);
  const overrides = await findOverrides(
    db,
    rows.map((r) => r.id),
  );
  const runs = await findRunsOfAccount(db, accountId, 200);
  const account = await findTradeAccountById(db, accountId);
  const ids = new Set<string>();
  for (const r of rows) for (const l of r.lines) ids.add(l.productId);
  for (const o of overrides) for (const l of o.lines ?? []) ids.add(l.productId);
  const names = new Map((await findProductNames(db, [...ids])).map((p) => [p.id, p.name]));
  const named = (lines: StandingOrderLine[]) =>
    lines.map((l) => ({ ...l, productName: names.get(l.productId) ?? 'Product no longer sold' }));
  const key = (id: string, date: string) => `${id}:${date}`;
  const overrideBy = new Map(overrides.map((o) => [key(o.standingOrderId, o.deliveryDate), o]));
  const runBy = new Map(runs.map((r) => [key(r.standingOrderId, r.deliveryDate), r]));
  const view = (r: StandingOrderRow): StandingOrder => ({
    id: r.id,
    status: r.status as StandingOrderStatus,
    lines: named(r.lines),
    weekdays: r.weekdays,
    slotStart: r.slotStart,
    slotLabel: slotLabelOf(r.slotStart, settings.slotMinutes),
    paymentMethod: r.paymentMethod,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    occurrences: (r.status === 'active' ? nextOccurrences(r.weekdays, now, OCCURRENCES_SHOWN) : []).map((date) => {
      const o: OverrideRow | undefined = overrideBy.get(key(r.id, date));
      const run = runBy.get(key(r.id, date));
      return {
        date,
        cutoffAt: cutoffAt(date, settings.standingOrderCutoff).toISOString(),
        state: isOpen(date, settings.standingOrderCutoff, now) && !run ? 'open' : 'locked',
        skipped: o?.skipped ?? false,
        lines: o?.lines ? named(o.lines) : null,
        run: run ? toRunView(run) : null,
      };
    }),
  });
  return {
    canManage,
    onAccount: account?.status === 'approved' && account.termsDays != null,
    cutoff: settings.standingOrderCutoff,
    slots: slotStarts(settings).map((start) => ({ start, label: slotLabelOf(start, settings.slotMinutes) })),
    deliveryDays: settings.deliveryDays,
    standingOrders: rows.map(view),
    runs: runs.slice(0, RUNS_SHOWN).map(toRunView),
  };
}

export async function myStandingOrders(db: Db, userId: string, now: Date): Promise<StandingOrders> {
  const m = await member(db, userId, false);
  return accountStandingOrders(db, m.accountId, canManageStandingOrders(m.role), now);
}

/** Lines name products still sold; every refusal names its field. */
async function checkLines(tx: Tx, lines: StandingOrderLine[], prefix = 'lines') {
  const found = new Map(
    (
      await findProductNames(
        tx,
        lines.map((l) => l.productId),
      )
    ).map((p) => [p.id, p]),
  );
  const fields: Record<string, string> = {};
  lines.forEach((l, i) => {
    const p = found.get(l.productId);
    if (!p || p.isArchived) fields[`${prefix}.${i}.productId`] = STANDING_MESSAGES.productGone;
  });
  const first = Object.values(fields)[0];
  if (first) throw invalid(first, fields);
}

async function checkStandingOrder(tx: Tx, accountId: string, input: StandingOrderData, settings: ShopSettings) {
  if (input.paymentMethod === 'on_account' && (await findTradeAccountById(tx, accountId))?.termsDays == null) {
    throw invalid(STANDING_MESSAGES.noTerms, { paymentMethod: STANDING_MESSAGES.noTerms });
  }
  const closed = input.weekdays.filter((d) => !settings.deliveryDays.includes(d));
  if (closed.length) {
    const message = STANDING_MESSAGES.weekdayClosed(WEEKDAY_NAMES[closed[0]!] ?? 'that day');
    throw invalid(message, { weekdays: message });
  }
  if (!slotStarts(settings).includes(input.slotStart)) {
    throw invalid(STANDING_MESSAGES.slotNotOffered, { slotStart: STANDING_MESSAGES.slotNotOffered });
  }
  await checkLines(tx, input.lines);
}

export async function createStandingOrder(db: Db, userId: string, input: StandingOrderData, now: Date): Promise<StandingOrders> {
  const m = await member(db, userId, true);
  await checkStandingOrder(db, m.accountId, input, await getShopSettings(db));
  await insertStandingOrder(db, {
    accountId: m.accountId,
    // The job compares this with a delivery's cut-off on the service's clock, so it comes from that
    // clock too, not the database's: one set up before a cut-off is placed at it.
    createdAt: now,
    createdBy: userId,
    lines: input.lines,
    weekdays: input.weekdays,
    slotStart: input.slotStart,
    paymentMethod: input.paymentMethod,
  });
  return accountStandingOrders(db, m.accountId, true, now);
}

async function ownStandingOrder(tx: Tx, accountId: string, id: string) {
  const row = await findStandingOrder(tx, accountId, id);
  if (!row) throw notFound(STANDING_MESSAGES.notFound);
  return row;
}

/**
 * Changes the lines, days, slot or payment of every occurrence not yet placed. Orders are placed as
 * the member who set it up, so whoever changes it last becomes that member (it is their order now).
 */
export async function updateStandingOrderFor(db: Db, userId: string, id: string, input: StandingOrderData, now: Date) {
  const m = await member(db, userId, true);
  const settings = await getShopSettings(db);
  await checkStandingOrder(db, m.accountId, input, settings);
  await db.transaction(async (tx) => {
    await lockStandingOrder(tx, id);
    const before = await ownStandingOrder(tx, m.accountId, id);
    await updateStandingOrder(tx, id, {
      lines: input.lines,
      weekdays: input.weekdays,
      slotStart: input.slotStart,
      paymentMethod: input.paymentMethod,
      createdBy: userId,
    });
    // A day added after its cut-off starts next week; days it already had keep their delivery.
    const added = input.weekdays.filter((d) => before.status === 'paused' || !before.weekdays.includes(d));
    await skipPassedDeliveries(tx, id, added, settings.standingOrderCutoff, now);
  });
  return accountStandingOrders(db, m.accountId, true, now);
}

export async function setStandingOrderStatus(db: Db, userId: string, id: string, status: StandingOrderStatus, now: Date) {
  const m = await member(db, userId, true);
  const settings = await getShopSettings(db);
  await db.transaction(async (tx) => {
    await lockStandingOrder(tx, id);
    const before = await ownStandingOrder(tx, m.accountId, id);
    await updateStandingOrder(tx, id, { status });
    // Resumed after a cut-off passed while paused: that delivery is not placed late.
    if (before.status === 'paused' && status === 'active') {
      await skipPassedDeliveries(tx, id, before.weekdays, settings.standingOrderCutoff, now);
    }
  });
  return accountStandingOrders(db, m.accountId, true, now);
}

/**
 * Records as skipped the deliveries on `weekdays` whose cut-off has passed and that have no run:
 * the job would otherwise place them as soon as it saw them, after the member could still change
 * them. Called under the standing order's row lock, so it and the job's claim are one or the other.
 */
async function skipPassedDeliveries(tx: Tx, id: string, weekdays: number[], cutoff: string, now: Date) {
  for (const date of dueDates(now, cutoff)) {
    if (!weekdays.includes(weekdayOf(date))) continue;
    const runId = await claimRun(tx, id, date);
    if (runId) await finishRun(tx, runId, { status: 'skipped' }, now);
  }
}

/**
 * Skips one occurrence or changes its lines (`input` null: back to the usual order). Refused once
 * the cut-off has passed or the job has claimed it; the row lock orders this against the claim.
 */
export async function setOccurrence(db: Db, userId: string, id: string, date: string, input: OccurrenceInput | null, now: Date) {
  const m = await member(db, userId, true);
  const settings = await getShopSettings(db);
  await db.transaction(async (tx) => {
    const so = await ownStandingOrder(tx, m.accountId, id);
    if (!so.weekdays.includes(weekdayOf(date)))
      throw invalid(STANDING_MESSAGES.notAnOccurrence, { date: STANDING_MESSAGES.notAnOccurrence });
    await lockStandingOrder(tx, id);
    if (!isOpen(date, settings.standingOrderCutoff, now) || (await findRun(tx, id, date))) {
      throw conflict(STANDING_MESSAGES.locked(settings.standingOrderCutoff));
    }
    if (input === null) {
      await deleteOverride(tx, id, date);
      return;
    }
    if ('lines' in input) await checkLines(tx, input.lines);
    await upsertOverride(tx, {
      standingOrderId: id,
      deliveryDate: date,
      skipped: 'skip' in input,
      lines: 'lines' in input ? input.lines : null,
      updatedBy: userId,
    });
  });
  return accountStandingOrders(db, m.accountId, true, now);
}

/** Admin > Trade accounts: one business's standing orders and runs, read-only. */
export async function adminStandingOrders(db: Db, accountId: string, now: Date): Promise<StandingOrders> {
  if (!(await findTradeAccountById(db, accountId))) throw notFound('Trade account not found');
  return accountStandingOrders(db, accountId, false, now);
}
