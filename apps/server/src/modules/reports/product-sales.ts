/**
 * The sales report by product. A month of a 10,000-product shop is about 13,000 daily rollup rows
 * (a few hundred products sell each day); summing them in the embedded database took about 35 ms of
 * each report, most of the report's time. Closed days do not change until they are rebuilt, so each
 * day's product sums are kept here, per database, with the day's version (rollupDayVersions), and a
 * report adds up the days of its range in memory, reads only the days rebuilt or not seen before,
 * and reads the open days (today, and yesterday until 00:15) from the orders every time.
 * Labels are the products' current names, kept with the catalog's version.
 */
import type { SalesRow } from '@meatshop/shared/reports';
import type { Tx } from '../../db/client.ts';
import { readCatalogVersion } from '../catalog/catalog.repository.ts';
import {
  type DayProductSums,
  dayProductSums,
  liveSalesByProduct,
  productNames,
  type Range,
  rollupDayVersions,
} from './sales.repository.ts';

/** One day's sums, as parallel arrays (about 500 entries a day): `product` indexes `ProductSales.ids`. */
interface DaySums {
  version: string;
  product: Int32Array;
  orders: Float64Array;
  units: Float64Array;
  revenue: Float64Array;
}

interface ProductSales {
  /** Product ids seen, each once, so a day holds numbers rather than 36-character strings. */
  ids: string[];
  index: Map<string, number>;
  days: Map<string, DaySums>;
  names?: { version: string; byId: Record<string, string> };
}

/** About two years of days (some 15 MB at a 10,000-product shop's sales); the oldest read go first. */
const MAX_DAYS = 800;

const caches = new WeakMap<object, ProductSales>();

function cacheOf(tx: Tx): ProductSales {
  let cache = caches.get(tx);
  if (!cache) {
    cache = { ids: [], index: new Map(), days: new Map() };
    caches.set(tx, cache);
  }
  return cache;
}

function productIndex(cache: ProductSales, id: string) {
  let i = cache.index.get(id);
  if (i === undefined) {
    i = cache.ids.push(id) - 1;
    cache.index.set(id, i);
  }
  return i;
}

async function readDays(tx: Tx, cache: ProductSales, days: string[]) {
  const { versions, rows } = await dayProductSums(tx, days);
  const byDay = new Map<string, DayProductSums['rows']>();
  for (const row of rows) {
    const list = byDay.get(row[0]);
    if (list) list.push(row);
    else byDay.set(row[0], [row]);
  }
  for (const [day, version] of Object.entries(versions)) {
    const list = byDay.get(day) ?? [];
    const sums: DaySums = {
      version,
      product: new Int32Array(list.length),
      orders: new Float64Array(list.length),
      units: new Float64Array(list.length),
      revenue: new Float64Array(list.length),
    };
    list.forEach(([, id, orders, units, revenue], i) => {
      sums.product[i] = productIndex(cache, id);
      sums.orders[i] = orders;
      sums.units[i] = units;
      sums.revenue[i] = revenue;
    });
    cache.days.delete(day);
    cache.days.set(day, sums);
  }
  for (const day of cache.days.keys()) {
    if (cache.days.size <= MAX_DAYS) break;
    cache.days.delete(day);
  }
}

async function namesOf(tx: Tx, cache: ProductSales) {
  // The version is read before the names, so names newer than their version are read again, never older.
  const version = await readCatalogVersion(tx);
  if (cache.names?.version !== version) cache.names = { version, byId: await productNames(tx) };
  return cache.names.byId;
}

/**
 * Orders text as PostgreSQL's C collation does (the byte order of UTF-8, which is the order of code
 * points): JavaScript's `<` compares UTF-16 units, which puts characters past U+FFFF before U+E000..U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      // Surrogates (D800..DFFF) stand for code points above FFFF: move them above E000..FFFF.
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

/**
 * The range's sales by product, most revenue first, then by name and id, as the SQL breakdowns order
 * theirs. `lastClosed` splits the range as readySales returned it; the closed days' rollups are
 * built (readySales ran).
 */
export async function salesByProduct(tx: Tx, range: Range, lastClosed: string): Promise<SalesRow[]> {
  const cache = cacheOf(tx);
  const closedTo = range.to < lastClosed ? range.to : lastClosed;
  const totals = new Map<number, { orders: number; units: number; revenue: number }>();
  const add = (product: number, orders: number, units: number, revenue: number) => {
    const t = totals.get(product);
    if (t) {
      t.orders += orders;
      t.units += units;
      t.revenue += revenue;
    } else totals.set(product, { orders, units, revenue });
  };

  if (range.from <= closedTo) {
    const versions = await rollupDayVersions(tx, range.from, closedTo);
    const stale = [...versions].filter(([day, version]) => cache.days.get(day)?.version !== version).map(([day]) => day);
    if (stale.length) await readDays(tx, cache, stale);
    for (const day of versions.keys()) {
      const sums = cache.days.get(day);
      if (!sums) continue; // rebuilt and emptied meanwhile: not in this snapshot either
      for (let i = 0; i < sums.product.length; i++) add(sums.product[i]!, sums.orders[i]!, sums.units[i]!, sums.revenue[i]!);
    }
  }
  for (const r of await liveSalesByProduct(tx, range, lastClosed)) {
    add(productIndex(cache, String(r.key)), Number(r.orders), Number(r.units), Number(r.revenue));
  }

  const names = await namesOf(tx, cache);
  const list: SalesRow[] = [];
  for (const [product, t] of totals) {
    const key = cache.ids[product]!;
    list.push({ key, label: names[key] ?? key, orders: t.orders, units: t.units, revenue: t.revenue });
  }
  return list.sort((a, b) => b.revenue - a.revenue || compareCodePoints(a.label, b.label) || compareCodePoints(a.key, b.key));
}
