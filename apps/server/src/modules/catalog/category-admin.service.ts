/** The back office's category rules: slug from the name (unique), product counts, bulk delete. */
import { type AdminCategory, type AdminCategoryInput, categorySlug } from '@meatshop/shared/admin-catalog';
import type { Db, Tx } from '../../db/client.ts';
import { invalid, notFound, pgErrorCode } from '../../platform/errors.ts';
import { deleteCategoriesByIds, findCategoryBySlug, insertCategory, updateCategory } from './categories.repository.ts';
import { findCategoriesWithCounts } from './catalog.repository.ts';
import { type AuditActor, changedFields, pickFields, recordAudit } from '../audit/audit.service.ts';

const SLUG_TAKEN = (slug: string) => `A category with the slug "${slug}" already exists. Choose a different name.`;

export async function listCategories(db: Tx): Promise<AdminCategory[]> {
  // Counts only products that are not archived, like the shop's category list.
  const rows = await findCategoriesWithCounts(db);
  return rows.map((r) => ({ ...r, productCount: Number(r.productCount), updatedAt: r.updatedAt.toISOString() }));
}

async function byId(tx: Tx, id: string) {
  const all = await listCategories(tx);
  const c = all.find((x) => x.id === id);
  if (!c) throw notFound('Category not found');
  return c;
}

async function assertSlugFree(tx: Tx, slug: string, exceptId?: string) {
  if (await findCategoryBySlug(tx, slug, exceptId)) throw invalid(SLUG_TAKEN(slug), { name: SLUG_TAKEN(slug) });
}

type Input = { name: string; description?: string | null; imageUrl?: string | null } & Partial<AdminCategoryInput>;

const AUDITED = ['name', 'slug', 'description', 'imageUrl', 'chillLimitMinutes', 'markdownPercent', 'markdownDays'] as const;

export async function saveCategory(db: Db, by: AuditActor, input: Input, id?: string) {
  const slug = categorySlug(input.name);
  try {
    return await db.transaction(async (tx) => {
      await assertSlugFree(tx, slug, id);
      const values = {
        name: input.name,
        slug,
        description: input.description || null,
        imageUrl: input.imageUrl || null,
        chillLimitMinutes: input.chillLimitMinutes ?? null,
        markdownPercent: input.markdownPercent ?? null,
        markdownDays: input.markdownDays ?? null,
      };
      if (id) {
        const before = await byId(tx, id);
        const row = await updateCategory(tx, id, values);
        if (!row) throw notFound('Category not found');
        const after = await byId(tx, id);
        const change = changedFields(pickFields(before, AUDITED), pickFields(after, AUDITED));
        await recordAudit(tx, by, { entityType: 'category', entityId: id, action: 'update', ...change });
        return after;
      }
      const row = await insertCategory(tx, values);
      const created = await byId(tx, row.id);
      await recordAudit(tx, by, { entityType: 'category', entityId: row.id, action: 'create', after: pickFields(created, AUDITED) });
      return created;
    });
  } catch (err) {
    // Two admins saving the same name at once: the unique index decides, with the same message.
    if (pgErrorCode(err) === '23505') throw invalid(SLUG_TAKEN(slug), { name: SLUG_TAKEN(slug) });
    throw err;
  }
}

/** Deletes categories; their products stay, without a category. */
export async function deleteCategories(db: Db, by: AuditActor, ids: string[]) {
  return db.transaction(async (tx) => {
    const rows = await deleteCategoriesByIds(tx, ids);
    for (const r of rows) {
      await recordAudit(tx, by, { entityType: 'category', entityId: r.id, action: 'delete', before: { name: r.name, slug: r.slug } });
    }
    return rows.length;
  });
}
