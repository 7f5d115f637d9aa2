/** Outlets and the products each one stocks, as admins manage them. */
import type { AdminOutlet, AdminOutletProduct } from '@meatshop/shared/admin-outlets';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, invalid, notFound, pgErrorCode } from '../../platform/errors.ts';
import {
  countOutletEmployees,
  deleteOutletById,
  deleteOutletProductRow,
  findActiveProductId,
  insertOutlet,
  insertOutletProduct,
  listActiveProductOptions,
  listOutletProductRows,
  listOutletsWithProductCount,
  sumOutletProductSales,
  updateOutlet,
  lockOutletProductRow,
  updateOutletProductRow,
} from './outlet-admin.repository.ts';
import { recordMovements } from '../inventory/stock-ledger.service.ts';
import { type AuditActor, type AuditFields, changedFields, recordAudit } from '../audit/audit.service.ts';

/** The performance window: sales of the last 30 days against the 30 before. */
export const PERFORMANCE_DAYS = 30;

export async function listOutlets(db: Tx): Promise<AdminOutlet[]> {
  const rows = await listOutletsWithProductCount(db);
  return rows.map(({ outlet: o, productCount }) => ({
    id: o.id,
    name: o.name,
    address: o.address,
    city: o.city,
    country: o.country,
    phone: o.phone,
    openingHours: o.openingHours,
    managerName: o.managerName,
    latitude: o.latitude,
    longitude: o.longitude,
    isActive: o.isActive,
    productCount: Number(productCount),
  }));
}

async function getOutlet(tx: Tx, id: string) {
  const o = (await listOutlets(tx)).find((x) => x.id === id);
  if (!o) throw notFound('Outlet not found');
  return o;
}

type OutletValues = {
  name: string;
  address: string;
  city: string;
  country: string;
  phone: string;
  openingHours: string;
  managerName: string;
  latitude: number;
  longitude: number;
};

/** What the trail keeps of an outlet (not its product count, which other changes move). */
function audited(o: AdminOutlet): AuditFields {
  const { productCount: _count, id: _id, ...fields } = o;
  return fields;
}

export async function saveOutlet(db: Db, by: AuditActor, input: OutletValues, id?: string) {
  return db.transaction(async (tx) => {
    if (id) {
      const before = await getOutlet(tx, id);
      const row = await updateOutlet(tx, id, input);
      if (!row) throw notFound('Outlet not found');
      const after = await getOutlet(tx, id);
      await recordAudit(tx, by, {
        entityType: 'outlet',
        entityId: id,
        action: 'update',
        ...changedFields(audited(before), audited(after)),
      });
      return after;
    }
    // New outlets are active.
    const row = await insertOutlet(tx, { ...input, isActive: true });
    const created = await getOutlet(tx, row.id);
    await recordAudit(tx, by, { entityType: 'outlet', entityId: row.id, action: 'create', after: audited(created) });
    return created;
  });
}

/** Deletes an outlet with its products; its past orders keep their history without an outlet. */
export async function deleteOutlet(db: Db, by: AuditActor, id: string) {
  await db.transaction(async (tx) => {
    // Employees would silently lose their workplace (the foreign key cascades): move them first.
    if ((await countOutletEmployees(tx, id)) > 0) throw conflict(EMPLOYEES_FIRST);
    const before = await getOutlet(tx, id);
    const row = await deleteOutletById(tx, id);
    if (!row) throw notFound('Outlet not found');
    await recordAudit(tx, by, { entityType: 'outlet', entityId: id, action: 'delete', before: audited(before) });
  });
}

export const EMPLOYEES_FIRST = 'This outlet still has employees. Move them to another outlet before deleting it.';

export async function listOutletProducts(db: Tx, outletId: string): Promise<AdminOutletProduct[]> {
  await getOutlet(db, outletId);
  const rows = await listOutletProductRows(db, outletId);
  const perf = await performance(db, outletId);
  return rows.map(({ op, product }) => {
    const p = perf.get(op.productId);
    const current = p?.currentRevenue ?? 0;
    const previous = p?.previousRevenue ?? 0;
    return {
      id: op.id,
      outletId: op.outletId,
      productId: op.productId,
      outletPrice: op.outletPrice,
      stock: op.stock,
      minStock: op.minStock,
      maxStock: op.maxStock,
      isAvailable: op.isAvailable,
      product,
      performance: {
        salesCount: p?.currentQty ?? 0,
        revenue: current,
        growthRate: previous > 0 ? Math.round(((current - previous) / previous) * 1000) / 10 : current > 0 ? 100 : null,
      },
    };
  });
}

/** Quantity and revenue per product at this outlet, this period and the one before, from real orders. */
async function performance(db: Tx, outletId: string) {
  const rows = await sumOutletProductSales(db, outletId, PERFORMANCE_DAYS);
  return new Map(
    rows.map((r) => [
      r.productId,
      { currentQty: Number(r.currentQty), currentRevenue: Number(r.currentRevenue), previousRevenue: Number(r.previousRevenue) },
    ]),
  );
}

type OutletProductValues = {
  productId: string;
  outletPrice: number;
  stock: number;
  minStock: number;
  maxStock: number;
  isAvailable?: boolean;
};

/** What the trail keeps of an outlet's product: its price there, stock levels and availability. */
const auditedProduct = (r: OutletProductValues): AuditFields => ({
  productId: r.productId,
  outletPrice: r.outletPrice,
  stock: r.stock,
  minStock: r.minStock,
  maxStock: r.maxStock,
  isAvailable: r.isAvailable ?? true,
});

export async function addOutletProduct(db: Db, by: AuditActor, outletId: string, input: OutletProductValues) {
  try {
    await db.transaction(async (tx) => {
      await getOutlet(tx, outletId);
      const p = await findActiveProductId(tx, input.productId);
      if (!p) throw invalid('Product not found', { productId: 'Product not found' });
      // New outlet products are available.
      await insertOutletProduct(tx, { ...input, outletId, isAvailable: input.isAvailable ?? true });
      if (input.stock > 0)
        await recordMovements(tx, [
          {
            outletId,
            productId: input.productId,
            delta: input.stock,
            stockAfter: input.stock,
            kind: 'count',
            reason: 'Stock entered with the outlet product',
          },
        ]);
      await recordAudit(tx, by, { entityType: 'outlet', entityId: outletId, action: 'update', after: { product: auditedProduct(input) } });
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505')
      throw invalid('This product is already in this outlet.', { productId: 'This product is already in this outlet.' });
    throw err;
  }
  return (await listOutletProducts(db, outletId)).find((x) => x.productId === input.productId)!;
}

export async function updateOutletProduct(db: Db, by: AuditActor, outletId: string, id: string, input: OutletProductValues) {
  // The product of a row never changes (the field is disabled when editing).
  const { productId: _ignored, ...values } = input;
  await db.transaction(async (tx) => {
    const before = await lockOutletProductRow(tx, outletId, id);
    if (!before) throw notFound('Outlet product not found');
    await updateOutletProductRow(tx, outletId, id, { ...values, isAvailable: values.isAvailable ?? true });
    // The figure typed in the form is a count: the ledger keeps the difference.
    if (values.stock !== before.stock)
      await recordMovements(tx, [
        {
          outletId,
          productId: before.productId,
          delta: values.stock - before.stock,
          stockAfter: values.stock,
          kind: 'count',
          reason: 'Stock set in Outlets',
        },
      ]);
    const change = changedFields(auditedProduct(before), auditedProduct({ ...input, productId: before.productId }));
    const keys = Object.keys(change.after);
    const action = keys.length === 1 && keys[0] === 'outletPrice' ? 'price_change' : 'update';
    // The product is named on both sides, so the row says which of the outlet's products changed.
    const productId = before.productId;
    await recordAudit(tx, by, {
      entityType: 'outlet',
      entityId: outletId,
      action,
      before: { productId, ...change.before },
      after: { productId, ...change.after },
    });
  });
  return (await listOutletProducts(db, outletId)).find((x) => x.id === id)!;
}

export async function removeOutletProduct(db: Db, by: AuditActor, outletId: string, id: string) {
  await db.transaction(async (tx) => {
    const row = await deleteOutletProductRow(tx, outletId, id);
    if (!row) throw notFound('Outlet product not found');
    // Its units leave the outlet's books with it; the ledger says so (and starts from zero if it comes back).
    if (row.stock > 0)
      await recordMovements(tx, [
        {
          outletId,
          productId: row.productId,
          delta: -row.stock,
          stockAfter: 0,
          kind: 'adjustment',
          reason: 'Product removed from the outlet',
        },
      ]);
    await recordAudit(tx, by, {
      entityType: 'outlet',
      entityId: outletId,
      action: 'update',
      before: { product: { productId: row.productId, stock: row.stock } },
    });
  });
}

/** Products an admin can add to an outlet, by name. */
export async function listProductOptions(db: Tx) {
  return listActiveProductOptions(db);
}
