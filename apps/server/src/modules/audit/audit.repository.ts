/** The audit trail's SQL: one insert per change, and the back office's filtered, paged reading. */
import { and, desc, eq, gte, like, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { auditEntries } from '../../db/schema/audit.ts';

export type AuditEntryValues = typeof auditEntries.$inferInsert;

/** One row, in the caller's transaction; nothing is read back, so it costs one statement. */
export async function insertAuditEntry(tx: Tx, values: AuditEntryValues) {
  await tx.insert(auditEntries).values(values);
}

export interface AuditFilter {
  actorId?: string;
  entityType?: string;
  action?: string;
  /**
   * The start of an entity id, any of these spellings (ids are lower-case uuids, coupon codes upper
   * case): each is a prefix match the text_pattern_ops index answers, where lower() would read all.
   */
  entityIdPrefixes?: string[];
  from?: Date;
  before?: Date;
}

function whereOf(f: AuditFilter): SQL | undefined {
  return and(
    f.actorId ? eq(auditEntries.actorId, f.actorId) : undefined,
    f.entityType ? eq(auditEntries.entityType, f.entityType) : undefined,
    f.action ? eq(auditEntries.action, f.action) : undefined,
    f.entityIdPrefixes?.length
      ? or(...f.entityIdPrefixes.map((p) => like(auditEntries.entityId, `${p.replace(/[\\%_]/g, '\\$&')}%`)))
      : undefined,
    f.from ? gte(auditEntries.at, f.from) : undefined,
    f.before ? lt(auditEntries.at, f.before) : undefined,
  );
}

/** One page of entries, newest first, and how many match. */
export async function findAuditPage(tx: Tx, filter: AuditFilter, offset: number, limit: number) {
  const where = whereOf(filter);
  const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(auditEntries).where(where);
  const total = counted?.n ?? 0;
  if (total === 0 || offset >= total) return { rows: [], total };
  const rows = await tx
    .select()
    .from(auditEntries)
    .where(where)
    .orderBy(desc(auditEntries.at), desc(auditEntries.id))
    .limit(limit)
    .offset(offset);
  return { rows, total };
}

/** Everyone who appears in the trail, with the name and email of their latest entry. */
export function findAuditPeople(tx: Tx) {
  return tx
    .selectDistinctOn([auditEntries.actorId], { id: auditEntries.actorId, name: auditEntries.actorName, email: auditEntries.actorEmail })
    .from(auditEntries)
    .orderBy(auditEntries.actorId, desc(auditEntries.at));
}
