/**
 * The audit trail: every change staff make writes one row, in the same transaction as the change
 * (a rolled-back change leaves none, a committed one always has its row). Services call
 * `recordAudit(tx, by, change)` beside their own write; `changedFields` keeps only what differs so
 * a long description edited elsewhere is not copied into every price change.
 */
import {
  ADMIN_ACTIVITY_PAGE_SIZE,
  type AdminActivityListQuery,
  type AdminActivityPage,
  type AdminActivityPerson,
  type AuditAction,
  type AuditEntityType,
} from '@meatshop/shared/admin-activity';
import { kampalaDayRange } from '@meatshop/shared/kampala-time';
import type { Tx } from '../../db/client.ts';
import { type AuditFilter, findAuditPage, findAuditPeople, insertAuditEntry } from './audit.repository.ts';

/** The staff member behind a change, as the trail keeps them (their name and email at that time). */
export interface AuditActor {
  userId: string;
  name: string;
  email: string;
  /** 'admin' (back office) or 'outlet' (outlet portal). */
  role: 'admin' | 'outlet';
  /** The request that made the change, to find it in the logs. */
  requestId: string | null;
}

export type AuditFields = Record<string, unknown>;

export interface AuditChange {
  entityType: AuditEntityType;
  entityId: string;
  action: AuditAction;
  /** The fields as they were (null or absent for a create). */
  before?: AuditFields | null;
  /** The fields as they became (null or absent for a delete). */
  after?: AuditFields | null;
}

/** Writes the change's row in the caller's transaction (pass the `tx` that made the change). */
export async function recordAudit(tx: Tx, by: AuditActor, change: AuditChange) {
  await insertAuditEntry(tx, {
    actorId: by.userId,
    actorName: by.name,
    actorEmail: by.email,
    actorRole: by.role,
    entityType: change.entityType,
    entityId: change.entityId,
    action: change.action,
    before: change.before ? jsonSafe(change.before) : null,
    after: change.after ? jsonSafe(change.after) : null,
    requestId: by.requestId,
  });
}

/** Only the fields whose values differ, on both sides; keys missing from one side count as changed. */
export function changedFields(before: AuditFields, after: AuditFields): { before: AuditFields; after: AuditFields } {
  const b: AuditFields = {};
  const a: AuditFields = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    b[key] = before[key] ?? null;
    a[key] = after[key] ?? null;
  }
  return { before: b, after: a };
}

/** The picked fields of a row, for a create or delete (never the whole row when it is large). */
export function pickFields<T extends object, K extends keyof T>(row: T, keys: readonly K[]): AuditFields {
  const out: AuditFields = {};
  for (const k of keys) out[k as string] = row[k];
  return out;
}

/** Dates as ISO text and long text cut, so a row stays small and reads the same everywhere. */
const MAX_TEXT = 500;
function jsonSafe(fields: AuditFields): AuditFields {
  return JSON.parse(
    JSON.stringify(fields, (_k, v) => (typeof v === 'string' && v.length > MAX_TEXT ? `${v.slice(0, MAX_TEXT)}…` : v)),
  ) as AuditFields;
}

/** The search as typed, in lower case and in upper case. */
function spellings(q: string | undefined) {
  return q ? [...new Set([q, q.toLowerCase(), q.toUpperCase()])] : undefined;
}

/** Admin > Activity: filtered by person, kind, action, day and id, newest first, paged in the database. */
export async function listActivity(db: Tx, query: AdminActivityListQuery): Promise<AdminActivityPage> {
  const pageSize = query.pageSize ?? ADMIN_ACTIVITY_PAGE_SIZE;
  const days = kampalaDayRange(query.from, query.to);
  const filter: AuditFilter = {
    actorId: query.actorId,
    entityType: query.entityType,
    action: query.action,
    entityIdPrefixes: spellings(query.q?.replace(/^#/, '')),
    ...days,
  };
  const { rows, total } = await findAuditPage(db, filter, (query.page - 1) * pageSize, pageSize);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor: { id: r.actorId, name: r.actorName, email: r.actorEmail, role: r.actorRole },
      entityType: r.entityType,
      entityId: r.entityId,
      action: r.action,
      before: r.before ?? null,
      after: r.after ?? null,
      requestId: r.requestId,
    })),
    total,
    page: query.page,
    pageSize,
  };
}

export async function listActivityPeople(db: Tx): Promise<AdminActivityPerson[]> {
  const people = await findAuditPeople(db);
  return people.sort((x, y) => x.name.localeCompare(y.name));
}
