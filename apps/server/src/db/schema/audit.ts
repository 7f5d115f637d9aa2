/**
 * The audit trail: one row per change staff make (back office and outlet portal), written in the
 * changing transaction. Append-only: migration 0018 adds a trigger that refuses UPDATE, DELETE and
 * TRUNCATE, so not even a bug in our own code can rewrite history. No foreign keys: the row keeps
 * the person's name and email as they were, and outlives the person and the record it names.
 */
import { desc, sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const auditEntries = pgTable(
  'audit_entries',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    at: ts('at').notNull().defaultNow(),
    actorId: text('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email').notNull(),
    /** 'admin' or 'outlet' (outlet staff). */
    actorRole: text('actor_role').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_entries_at_idx').on(desc(t.at), desc(t.id)),
    index('audit_entries_actor_idx').on(t.actorId, desc(t.at)),
    index('audit_entries_entity_idx').on(t.entityType, t.entityId),
    // The search is by an id or its start (an order number): a prefix match.
    index('audit_entries_entity_id_idx').on(t.entityId.op('text_pattern_ops')),
  ],
);
