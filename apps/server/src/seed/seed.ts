/** Seeds the demo shop on an empty database; idempotent (each part checks before it writes). */
import { and, count, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../app-types.ts';
import { deliveryRiders, employeeRoles, outletEmployees, users } from '../db/schema/accounts.ts';
import { productCategories, products } from '../db/schema/catalog.ts';
import { appSettings } from '../db/schema/notifications.ts';
import { coupons } from '../db/schema/orders.ts';
import { outletProducts, outlets } from '../db/schema/outlets.ts';
import { stockBatches, stockMovements } from '../db/schema/stock.ts';
import { deliveryZones } from '../db/schema/zones.ts';
import { createAccount } from '../modules/accounts/accounts.service.ts';
import { findAuthUserByEmail } from '../modules/accounts/accounts.repository.ts';
import { addDays, shopDay } from '@meatshop/shared/batches';
import { adoptUnbatchedStock } from '../modules/inventory/batches.repository.ts';
import { sellByDays } from '../modules/inventory/stock-ledger.service.ts';
import { ACCOUNTS, CATEGORIES, COUPONS, DEFAULT_ZONE, DEMO_PASSWORD, NEAR_DATE_LOTS, OUTLETS, PRODUCTS, ROLES } from './demo-data.ts';
import { productIdsByName, seedDemoReviews } from './demo-reviews.ts';
import { renderProductImage } from './images.ts';

type SeedDeps = Pick<Deps, 'db' | 'auth' | 'config' | 'storage'>;

export async function seedIfEmpty(deps: SeedDeps, log: Pick<FastifyBaseLogger, 'info'>) {
  const started = Date.now();
  const { db } = deps;
  await db.insert(coupons).values(COUPONS).onConflictDoNothing();
  for (const name of ROLES) await db.insert(employeeRoles).values({ name }).onConflictDoNothing();

  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(products);
  if (n === 0) {
    await seedCatalog(deps);
    await seedDemoReviews(
      db,
      await productIdsByName(
        db,
        PRODUCTS.map((p) => p.name),
      ),
    );
  }
  const [{ o } = { o: 0 }] = await db.select({ o: count() }).from(outlets);
  if (o === 0) await seedOutlets(deps);
  await seedAccounts(deps);
  await seedDefaultZone(deps);
  log.info({ ms: Date.now() - started }, 'demo data ready');
}

async function seedCatalog({ db, storage }: SeedDeps) {
  const categoryIds = new Map<string, string>();
  for (const [i, c] of CATEGORIES.entries()) {
    const img = await renderProductImage(c.shape, 100 + i);
    await storage.put(`product-category-images/${c.slug}.webp`, img.webp, 'image/webp');
    const [row] = await db
      .insert(productCategories)
      .values({
        name: c.name,
        slug: c.slug,
        description: c.description,
        imageUrl: storage.publicUrl(`product-category-images/${c.slug}.webp`),
        markdownPercent: c.markdown?.percent ?? null,
        markdownDays: c.markdown?.days ?? null,
      })
      .onConflictDoNothing()
      .returning();
    const id = row?.id ?? (await db.select().from(productCategories).where(eq(productCategories.slug, c.slug)))[0]!.id;
    categoryIds.set(c.slug, id);
  }
  const now = Date.now();
  for (const [i, p] of PRODUCTS.entries()) {
    const shape = CATEGORIES.find((c) => c.slug === p.category)!.shape;
    const slug = p.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const urls: string[] = [];
    for (const v of [0, 1]) {
      const img = await renderProductImage(shape, i * 7 + v * 3 + 1);
      const key = `product-images/seed/${slug}-${v + 1}.webp`;
      await storage.put(key, img.webp, 'image/webp');
      urls.push(storage.publicUrl(key));
    }
    // Staggered creation times give "Newest" a stable, meaningful order.
    const createdAt = new Date(now - (PRODUCTS.length - i) * 3_600_000);
    await db.insert(products).values({
      name: p.name,
      description: p.description,
      price: p.price,
      discountPrice: p.discountPrice ?? null,
      imageUrls: urls,
      options: p.options ?? [],
      weighing: p.weighing ?? null,
      categoryId: categoryIds.get(p.category)!,
      createdAt,
      updatedAt: createdAt,
    });
  }
}

/**
 * Stock lives at outlets. Each product's demo figure is shared out: the other outlets hold a few of
 * three products in four (never more than a tenth of the figure each), the first outlet (the
 * factory shop, the main outlet) the rest, so the storefront shows the demo figures. Each figure
 * gets its opening ledger row.
 */
async function seedOutlets({ db }: SeedDeps) {
  const all = await db.select({ id: products.id, name: products.name, price: products.price }).from(products);
  // A weighed product's demo figure is kg; its outlets count grams.
  const grams = new Set(PRODUCTS.filter((p) => p.weighing).map((p) => p.name));
  const demoStock = new Map(PRODUCTS.map((p) => [p.name, grams.has(p.name) ? p.stock * 1000 : p.stock]));
  const created = [];
  for (const o of OUTLETS) created.push((await db.insert(outlets).values(o).returning())[0]!);
  const rows: (typeof outletProducts.$inferInsert & { stock: number })[] = [];
  for (const [j, p] of all.entries()) {
    const total = demoStock.get(p.name) ?? 0;
    let rest = total;
    for (const [i, outlet] of created.entries()) {
      if (i === 0 || (j + i) % 4 === 0) continue;
      const unit = grams.has(p.name) ? 1000 : 1;
      const stock = Math.min(((j * 7 + i * 3) % 40) * unit, Math.floor(total / 10));
      rest -= stock;
      rows.push({ outletId: outlet.id, productId: p.id, outletPrice: p.price, stock, minStock: 5 * unit, maxStock: 30 * unit });
    }
    const unit = grams.has(p.name) ? 1000 : 1;
    rows.push({ outletId: created[0]!.id, productId: p.id, outletPrice: p.price, stock: rest, minStock: 5 * unit, maxStock: 30 * unit });
  }
  if (rows.length) await db.insert(outletProducts).values(rows);
  const opening = rows.filter((r) => r.stock > 0);
  if (opening.length)
    await db.insert(stockMovements).values(
      opening.map((r) => ({
        outletId: r.outletId,
        productId: r.productId,
        delta: r.stock,
        stockAfter: r.stock,
        kind: 'opening' as const,
        reason: 'Opening balance of the outlet',
      })),
    );
  await adoptUnbatchedStock(db);
  await seedNearDateLots(db, created[0]!.id);
}

/**
 * Part of the factory shop's opening stock of a few sausages is a labelled lot close to its sell-by
 * date (relative to today), so the Sausages markdown shows on the storefront. The opening balance is
 * split in two rows, one per batch, so every batch stays the sum of its ledger rows.
 */
async function seedNearDateLots(db: SeedDeps['db'], outletId: string) {
  const today = shopDay();
  const days = await sellByDays(db);
  for (const lot of NEAR_DATE_LOTS) {
    const [product] = await db.select({ id: products.id }).from(products).where(eq(products.name, lot.product));
    if (!product) continue;
    await db.transaction(async (tx) => {
      const [unknown] = await tx
        .select()
        .from(stockBatches)
        .where(
          and(
            eq(stockBatches.outletId, outletId),
            eq(stockBatches.productId, product.id),
            isNull(stockBatches.lotNumber),
            eq(stockBatches.status, 'live'),
          ),
        );
      const [opening] = await tx
        .select()
        .from(stockMovements)
        .where(and(eq(stockMovements.outletId, outletId), eq(stockMovements.productId, product.id), eq(stockMovements.kind, 'opening')));
      if (!unknown || !opening || unknown.quantity < lot.quantity || opening.delta < lot.quantity) return;
      const rest = opening.delta - lot.quantity;
      const useBy = addDays(today, lot.sellByIn + days);
      const [batch] = await tx
        .insert(stockBatches)
        .values({
          outletId,
          productId: product.id,
          lotNumber: lot.lotNumber,
          productionDate: addDays(useBy, -10),
          useBy,
          quantity: lot.quantity,
          received: lot.quantity,
        })
        .returning({ id: stockBatches.id });
      await tx.update(stockBatches).set({ quantity: rest, received: rest }).where(eq(stockBatches.id, unknown.id));
      await tx.update(stockMovements).set({ delta: rest, stockAfter: rest }).where(eq(stockMovements.id, opening.id));
      await tx.insert(stockMovements).values({
        outletId,
        productId: product.id,
        delta: lot.quantity,
        stockAfter: opening.delta,
        kind: 'opening',
        reason: 'Opening balance of the outlet',
        batchId: batch!.id,
      });
    });
  }
}

/**
 * The default delivery zone (the spec's flat UGX 5,000 around Kampala), seeded once: a marker in
 * app_settings keeps a zone the admin deleted or renamed from coming back at the next start.
 */
async function seedDefaultZone({ db }: SeedDeps) {
  const marked = await db
    .insert(appSettings)
    .values({ key: 'seeded_default_zone', value: true })
    .onConflictDoNothing()
    .returning({ key: appSettings.key });
  if (marked.length) await db.insert(deliveryZones).values(DEFAULT_ZONE).onConflictDoNothing();
}

async function seedAccounts(deps: SeedDeps) {
  const { db, auth } = deps;
  const headers = new Headers();
  const ensure = async (email: string, fullName: string, write: (id: string) => Promise<void>) => {
    if (await findAuthUserByEmail(db, email)) return;
    await createAccount(db, auth, { email, password: DEMO_PASSWORD, fullName }, headers, write);
  };
  const { admin, customer, outlet, rider, dispatcher, accountant } = ACCOUNTS;
  for (const [who, staffRoleId] of [
    [admin, 'owner'],
    [dispatcher, 'dispatcher'],
    [accountant, 'accountant'],
  ] as const) {
    await ensure(who.email, who.fullName, async (id) => {
      await db.insert(users).values({ id, email: who.email, fullName: who.fullName, phone: who.phone, isAdmin: true, staffRoleId });
    });
  }
  await ensure(customer.email, customer.fullName, async (id) => {
    await db.insert(users).values({ id, email: customer.email, fullName: customer.fullName, phone: customer.phone });
  });
  await ensure(outlet.email, outlet.fullName, async (id) => {
    const [firstOutlet] = await db.select().from(outlets).where(eq(outlets.name, OUTLETS[0]!.name)).limit(1);
    const [role] = await db.select().from(employeeRoles).where(eq(employeeRoles.name, 'Manager')).limit(1);
    await db.insert(users).values({ id, email: outlet.email, fullName: outlet.fullName, phone: outlet.phone });
    await db.insert(outletEmployees).values({ userId: id, outletId: firstOutlet!.id, roleId: role!.id });
  });
  await ensure(rider.email, rider.fullName, async (id) => {
    await db
      .insert(deliveryRiders)
      .values({ id, email: rider.email, fullName: rider.fullName, phone: rider.phone, vehicleType: 'motorcycle' });
  });
}

/** A real deployment's first admin, from ADMIN_EMAIL and ADMIN_PASSWORD. */
export async function ensureAdminFromConfig(deps: SeedDeps, log: Pick<FastifyBaseLogger, 'info'>) {
  const { config, db, auth } = deps;
  if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) return;
  const email = config.ADMIN_EMAIL.toLowerCase();
  const existing = await findAuthUserByEmail(db, email);
  if (existing) {
    // The first admin is an Owner; someone who already holds a staff role keeps it.
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, existing.id));
    await db
      .update(users)
      .set({ staffRoleId: 'owner' })
      .where(and(eq(users.id, existing.id), isNull(users.staffRoleId)));
    return;
  }
  await createAccount(db, auth, { email, password: config.ADMIN_PASSWORD, fullName: 'Administrator' }, new Headers(), async (id) => {
    await db.insert(users).values({ id, email, fullName: 'Administrator', isAdmin: true, staffRoleId: 'owner' });
  });
  log.info({ email }, 'first admin created');
}
