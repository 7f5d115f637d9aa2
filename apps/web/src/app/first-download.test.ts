/**
 * What every page downloads before it can start is the entry module and what it imports statically;
 * screens come later through `import()`. The schema library and the form, phone, map and chart
 * libraries belong to screens, so a static path from the entry to one of them (a store importing a
 * helper that sits beside a zod schema, say) puts tens of kilobytes on every first visit; so does one
 * from a storefront screen a visitor lands on (its screen and area chunk load before it can show).
 * This walks the static imports as the bundler would and names the path that reaches one.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { QUERY_FREE_SCREENS } from '@meatshop/shared/query-free-screens';

const web = path.resolve(import.meta.dirname, '..');
const shared = path.resolve(web, '../../../packages/shared/src');
const HEAVY = ['zod', 'react-hook-form', 'libphonenumber-js', 'leaflet', 'react-leaflet', 'recharts'];

/** `import x from 'y'`, `import { a, type B } from 'y'`, `import 'y'` and `export { a } from 'y'`; not `import type` or `import()`. */
const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[\w\s{},*$]*?\s+from\s+)?['"]([^'"]+)['"]/g;

function resolveFile(base: string): string | null {
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

function resolveImport(from: string, spec: string): { file: string } | { pkg: string } {
  if (spec.startsWith('@/')) return { file: resolveFile(path.join(web, spec.slice(2))) ?? spec };
  if (spec.startsWith('@meatshop/shared/')) return { file: resolveFile(path.join(shared, spec.slice('@meatshop/shared/'.length))) ?? spec };
  if (spec.startsWith('.')) return { file: resolveFile(path.resolve(path.dirname(from), spec)) ?? spec };
  const parts = spec.split('/');
  return { pkg: spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]! };
}

/** Every heavy package (or of `packages`) the entry reaches statically, each with the chain of files that imports it. */
function heavyPaths(entry: string, packages: readonly string[] = HEAVY): string[] {
  const seen = new Set<string>([entry]);
  const via = new Map<string, string>();
  const queue = [entry];
  const found: string[] = [];
  while (queue.length > 0) {
    const file = queue.shift()!;
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(STATIC_IMPORT)) {
      const target = resolveImport(file, match[1]!);
      if ('pkg' in target) {
        if (!packages.includes(target.pkg)) continue;
        const chain = [file];
        for (let f = via.get(file); f; f = via.get(f)) chain.unshift(f);
        found.push(`${target.pkg} ← ${chain.map((f) => path.relative(path.resolve(web, '../../..'), f)).join(' → ')}`);
      } else if (!seen.has(target.file) && existsSync(target.file)) {
        seen.add(target.file);
        via.set(target.file, file);
        queue.push(target.file);
      }
    }
  }
  return found;
}

describe('the first download of every page', () => {
  it('reaches no schema, form, phone, map or chart library through static imports', () => {
    expect(heavyPaths(path.join(web, 'main.tsx'))).toEqual([]);
  });

  it('and the storefront screens a visitor opens first reach none either', () => {
    const screens = ['home-screen', 'products-screen', 'product-detail-screen', 'cart-screen'];
    expect(screens.flatMap((s) => heavyPaths(resolveFile(path.join(web, 'app/routes/storefront', s))!))).toEqual([]);
  });

  it('and the screens that render without TanStack Query reach none of it', () => {
    // Their routes do not wait for the client (router.tsx): a query there would find none.
    const paths = QUERY_FREE_SCREENS.flatMap((s) =>
      heavyPaths(resolveFile(path.join(web, 'app/routes/storefront', s))!, ['@tanstack/react-query']),
    );
    expect(paths).toEqual([]);
    // The walk does see it from a screen that reads through it.
    expect(heavyPaths(resolveFile(path.join(web, 'app/routes/storefront/orders-screen'))!, ['@tanstack/react-query'])).not.toEqual([]);
  });

  it('would see one such path if a start-up module imported one', () => {
    // The walk itself: the cart's helpers sit apart from their schemas, which do import zod.
    expect(heavyPaths(path.join(shared, 'product-options.ts'))).toEqual([
      expect.stringMatching(/^zod ← packages\/shared\/src\/product-options\.ts$/),
    ]);
  });
});
