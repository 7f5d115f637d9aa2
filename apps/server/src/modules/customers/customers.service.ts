/**
 * The back office's customers: searched by name, email or phone; one customer's contact, addresses,
 * orders, refunds, messages and the notes staff leave; blocking (a blocked customer cannot order).
 */
import {
  ADMIN_CUSTOMER_PAGE_SIZE,
  type AdminCustomerDetail,
  type AdminCustomerListQuery,
  type AdminCustomerPage,
  type CustomerNote,
} from '@meatshop/shared/admin-customers';
import { randomUUID } from 'node:crypto';
import {
  type AdminNewCustomer,
  PHONE_ONLY_EMAIL_DOMAIN,
  STAFF_ORDER_MESSAGES,
  type StaffNewCustomerData,
} from '@meatshop/shared/staff-orders';
import type { Db, Tx } from '../../db/client.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { AppError, notFound, pgErrorCode } from '../../platform/errors.ts';
import { phoneDigitsOf } from '../../platform/search-text.ts';
import {
  findCustomer,
  findCustomerAddresses,
  findCustomerNotes,
  findCustomerOrders,
  findCustomerByPhone,
  findCustomerPage,
  findUserIdByEmail,
  insertStaffCreatedCustomer,
  findMessagesOfOrders,
  findRefundsOfOrders,
  insertCustomerNote,
  setCustomerBlocked,
} from './customers.repository.ts';

export const CUSTOMER_NOT_FOUND = 'Customer not found';
/** How much of a customer's history their page shows. */
const RECENT_ORDERS = 50;
const RECENT_MESSAGES = 50;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function listCustomers(db: Tx, query: AdminCustomerListQuery): Promise<AdminCustomerPage> {
  const text = query.q?.trim() || undefined;
  const pageSize = ADMIN_CUSTOMER_PAGE_SIZE;
  const { rows, total } = await findCustomerPage(db, text, text ? phoneDigitsOf(text) : null, (query.page - 1) * pageSize, pageSize);
  return {
    customers: rows.map((r) => ({
      id: r.id,
      fullName: r.fullName,
      email: r.email,
      phone: r.phone,
      createdAt: r.createdAt.toISOString(),
      orders: r.orders,
      spent: r.spent,
      lastOrderAt: r.lastOrderAt ? new Date(r.lastOrderAt).toISOString() : null,
      blocked: r.blockedAt !== null,
    })),
    total,
    page: query.page,
    pageSize,
  };
}

export async function getCustomer(db: Tx, id: string): Promise<AdminCustomerDetail> {
  const customer = await findCustomer(db, id);
  if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
  const [addresses, orderRows, notes] = await Promise.all([
    findCustomerAddresses(db, id),
    findCustomerOrders(db, id, RECENT_ORDERS),
    findCustomerNotes(db, id),
  ]);
  const orderIds = orderRows.map((o) => o.id);
  const [refundRows, messageRows] = await Promise.all([
    findRefundsOfOrders(db, orderIds),
    findMessagesOfOrders(db, orderIds, RECENT_MESSAGES),
  ]);
  return {
    customer: { ...customer, createdAt: customer.createdAt.toISOString(), blockedAt: iso(customer.blockedAt) },
    addresses,
    orders: orderRows.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
    refunds: refundRows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    messages: messageRows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    notes: notes.map(noteView),
  };
}

const noteView = (n: { id: string; authorName: string; text: string; createdAt: Date }): CustomerNote => ({
  ...n,
  createdAt: n.createdAt.toISOString(),
});

/** The note is signed with the staff member's name as it is now. */
export async function addCustomerNote(db: Db, by: AuditActor, id: string, text: string): Promise<CustomerNote> {
  return db.transaction(async (tx) => {
    if (!(await findCustomer(tx, id))) throw notFound(CUSTOMER_NOT_FOUND);
    const note = noteView(await insertCustomerNote(tx, { userId: id, authorName: by.name, text }));
    await recordAudit(tx, by, { entityType: 'customer', entityId: id, action: 'note', after: { note: text } });
    return note;
  });
}

/** `reason` null unblocks. */
export async function blockCustomer(db: Db, by: AuditActor, id: string, reason: string | null): Promise<AdminCustomerDetail> {
  await db.transaction(async (tx) => {
    const before = await findCustomer(tx, id);
    if (!before || !(await setCustomerBlocked(tx, id, reason))) throw notFound(CUSTOMER_NOT_FOUND);
    await recordAudit(tx, by, {
      entityType: 'customer',
      entityId: id,
      action: reason ? 'block' : 'unblock',
      before: { blocked: before.blockedAt !== null, reason: before.blockedReason },
      after: { blocked: reason !== null, reason },
    });
  });
  return getCustomer(db, id);
}

/**
 * Staff create a customer while taking their order by phone: one customer per phone number (they
 * search by it first), an email only if the customer gives one.
 */
export async function createCustomerByStaff(db: Db, by: AuditActor, input: StaffNewCustomerData): Promise<AdminNewCustomer> {
  const phoneTaken = () => new AppError('ALREADY_EXISTS', STAFF_ORDER_MESSAGES.phoneTaken, { phone: STAFF_ORDER_MESSAGES.phoneTaken });
  const emailTaken = () => new AppError('ALREADY_EXISTS', STAFF_ORDER_MESSAGES.emailTaken, { email: STAFF_ORDER_MESSAGES.emailTaken });
  if (await findCustomerByPhone(db, input.phone)) throw phoneTaken();
  const email = input.email ?? `${input.phone.replace(/\D/g, '')}@${PHONE_ONLY_EMAIL_DOMAIN}`;
  if (await findUserIdByEmail(db, email)) throw input.email ? emailTaken() : phoneTaken();
  try {
    const row = await db.transaction(async (tx) => {
      const created = await insertStaffCreatedCustomer(tx, { id: randomUUID(), fullName: input.fullName, email, phone: input.phone });
      await recordAudit(tx, by, {
        entityType: 'customer',
        entityId: created.id,
        action: 'create',
        after: { fullName: created.fullName, phone: input.phone, email: input.email ?? null },
      });
      return created;
    });
    return { id: row.id, fullName: row.fullName, phone: row.phone ?? input.phone, email: input.email ?? null };
  } catch (err) {
    // Two staff creating the same customer at once: the unique email lets one through.
    if (pgErrorCode(err) === '23505') throw input.email ? emailTaken() : phoneTaken();
    throw err;
  }
}
