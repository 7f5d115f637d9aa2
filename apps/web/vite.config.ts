/** Vite build of the single-page app; in development /api and /media go to the API server on :3000. */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Brotli and gzip copies of every text file of the build (`x.js.br`, `x.js.gz`), compressed once at
 * the best ratio; the server sends them to browsers that accept them (@fastify/static preCompressed).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  // The server-side render (dist-ssr) is read from disk by the server, never sent.
  let skip = false;
  return {
    name: 'meatshop-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      skip = Boolean(config.build.ssr);
    },
    closeBundle() {
      if (skip) return;
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|webmanifest|txt|xml)$/.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * Chunks by area rather than by which screens share a module. Left to itself the bundler makes a
 * chunk for every set of screens that shares something (a single icon, a badge), so a first visit
 * to /products fetched 25 files, and a slow phone pays for each one before the page works. Here a
 * module shared by screens goes into one chunk for its area: `catalog` for what only the pages that
 * show products (the listing, a product, the cart) share, `storefront` for what two or more other
 * public pages (the ones a visitor lands on) share, so a visit to the story or a policy does not
 * download product cards, `<screen>-shared` for what one public page shares only
 * with signed-in or staff screens (the cart's coupon form and summary, which checkout reuses), so
 * every other public page does not download it, `account` for the signed-in shopper's screens and
 * forms, `rider`, then `back-office`. A module used by one screen stays in that screen's chunk, what the
 * entry imports stays in the entry, and large libraries keep chunks of their own.
 */
const QUERY = /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]|src[\\/]lib[\\/]create-query-client\.ts$/;
const PUBLIC_SCREENS =
  /src[\\/]app[\\/]routes[\\/]storefront[\\/](home|products|product-detail|cart|about|discover|recipes|certifications|contact|legal|coming-soon)-screens?\.tsx$/;
/** The public screens that show products: what only they share (cards, price tags) is `catalog`. */
const CATALOG_SCREENS = /src[\\/]app[\\/]routes[\\/]storefront[\\/](products|product-detail|cart)-screen\.tsx$/;
const OWN_CHUNK =
  /node_modules[\\/](leaflet|react-leaflet|@react-leaflet|recharts|d3-[a-z-]+|victory-vendor|sonner|es-toolkit|immer|reselect|redux|@reduxjs)[\\/]/;
type ModuleInfo = { importers: readonly string[]; importedIds: readonly string[]; dynamicImporters: readonly string[] } | null;
type Graph = { getModuleInfo: (id: string) => ModuleInfo };
const MAIN = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
let initialSet: Set<string> | undefined;
/** Loaded with the entry (main.tsx imports it, directly or not). */
function initial(id: string, graph: Graph): boolean {
  if (!initialSet) {
    const found = new Set<string>();
    const visit = (m: string) => {
      if (found.has(m)) return;
      found.add(m);
      for (const next of graph.getModuleInfo(m)?.importedIds ?? []) visit(next);
    };
    visit(MAIN);
    initialSet = found;
  }
  return initialSet.has(id);
}
/** The lazily loaded modules (screens, overlays) that import `id`, directly or not. */
function lazyEntries(id: string, graph: Graph, seen = new Set<string>(), found = new Set<string>()): Set<string> {
  if (seen.has(id)) return found;
  seen.add(id);
  const info = graph.getModuleInfo(id);
  if (info?.dynamicImporters.length) found.add(id);
  for (const importer of info?.importers ?? []) lazyEntries(importer, graph, seen, found);
  return found;
}
function areaChunk(id: string, graph: Graph): string | null {
  if (initial(id, graph) || OWN_CHUNK.test(id) || graph.getModuleInfo(id)?.dynamicImporters.length) return null;
  const entries = [...lazyEntries(id, graph)];
  if (entries.length < 2) return null;
  const publicScreens = entries.filter((e) => PUBLIC_SCREENS.test(e));
  if (publicScreens.length === 1) return `${path.basename(publicScreens[0]!).replace(/\.tsx$/, '')}-shared`;
  if (publicScreens.length > 1) return publicScreens.every((e) => CATALOG_SCREENS.test(e)) ? 'catalog' : 'storefront';
  if (entries.some((e) => /src[\\/](app[\\/](routes[\\/]storefront|lazy)|features[\\/](auth|checkout|account|orders))/.test(e)))
    return 'account';
  if (entries.some((e) => /[\\/]rider[\\/]/.test(e))) return 'rider';
  return 'back-office';
}

/**
 * Imports from the two index packages the app uses go to the module itself:
 * `import { Star } from 'lucide-react'` becomes `import Star from 'lucide-react/icons/star'` (the
 * package's own per-icon entry) and `import { Dialog } from 'radix-ui'` becomes
 * `import * as Dialog from '@radix-ui/react-dialog'` (what radix-ui re-exports). Through an index
 * every icon or primitive looks imported by every module that imports any of them, so the chunking
 * above could not tell which screens use which; each now follows the modules that really use it.
 */
function directImports(): Plugin {
  const require = createRequire(import.meta.url);
  let icons: Map<string, string> | undefined;
  let primitives: Map<string, string> | undefined;
  const iconFiles = () => {
    if (icons) return icons;
    const index = require.resolve('lucide-react').replace(/dist[\\/]cjs[\\/]lucide-react\.js$/, 'dist/esm/lucide-react.mjs');
    icons = new Map();
    for (const m of readFileSync(index, 'utf8').matchAll(/export \{([^}]*)\} from '\.\/icons\/([a-z0-9-]+)\.mjs'/g))
      for (const name of m[1]!.matchAll(/default as (\w+)/g)) icons.set(name[1]!, `lucide-react/icons/${m[2]}`);
    return icons;
  };
  const primitivePackages = () => {
    if (primitives) return primitives;
    const index = require.resolve('radix-ui').replace(/index\.js$/, 'index.mjs');
    const fromRadix = createRequire(index);
    primitives = new Map();
    for (const m of readFileSync(index, 'utf8').matchAll(/import \* as (\w+) from "(@radix-ui\/[a-z-]+)"/g))
      primitives.set(m[1]!, fromRadix.resolve(m[2]!).replace(/index\.js$/, 'index.mjs'));
    return primitives;
  };
  const rewrite = (code: string, pkg: string, lookup: () => Map<string, string>, star: boolean) =>
    code.replace(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${pkg}["'];?`, 'g'), (_whole, list: string) => {
      const rest: string[] = [];
      const direct: string[] = [];
      for (const spec of list
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)) {
        const [name, local = name] = spec.split(/\s+as\s+/) as [string, string?];
        const target = lookup().get(name);
        if (target) direct.push(`import ${star ? '* as ' : ''}${local} from ${JSON.stringify(target)};`);
        else rest.push(spec);
      }
      return `${direct.join('')}${rest.length ? `import { ${rest.join(', ')} } from '${pkg}';` : ''}`;
    });
  return {
    name: 'meatshop-direct-imports',
    // Only the build is chunked; the development server keeps its pre-bundled copies of both
    // packages (two copies of a primitive would not share its React context).
    apply: 'build',
    transform: {
      filter: { id: /[\\/]src[\\/].*\.tsx?$/, code: /lucide-react|radix-ui/ },
      handler(code) {
        const out = rewrite(rewrite(code, 'lucide-react', iconFiles, false), 'radix-ui', primitivePackages, true);
        return out === code ? null : { code: out, map: null };
      },
    },
  };
}

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  // Lingui's macros (`<Trans>`, t``) are compiled natively (no Babel), and a `.po` catalog becomes a
  // module of compiled texts where lib/i18n.ts imports it (lingui.config.ts).
  plugins: [directImports(), lingui({ macroTransform: true }), react(), tailwindcss(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // zod without its eval probe (see src/lib/zod-jitless.ts).
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/media': { target: api, changeOrigin: false },
    },
  },
  preview: { port: 4174 },
  // The server-side render (src/entry-server.tsx, `npm run build`) bundles our own workspace package;
  // npm packages stay external and load from node_modules.
  ssr: { noExternal: ['@meatshop/shared'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Source maps are written for traces and benchmarks to name functions (bench/lighthouse), but
    // not linked from the code: the server does not send them (apps/server/src/app.ts).
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: the server reads it to preload a page's route modules with the page.
    manifest: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, the router and the class joiner change rarely: one long-cached chunk shared by
            // every area (the class joiner and the Slot primitive are used by the router's links
            // and by every screen).
            {
              name: 'react',
              priority: 2,
              test: /node_modules[\\/](react|react-dom|scheduler|@radix-ui[\\/]react-(slot|compose-refs))[\\/]|src[\\/]lib[\\/](router[\\/]|cn\.ts$)/,
            },
            // TanStack Query, except the context the entry provides it through (app/providers.tsx).
            {
              name: 'query',
              priority: 1,
              test: (id) => QUERY.test(id) && !/[\\/](QueryClientProvider|index)\.js$/.test(id),
              includeDependenciesRecursively: false,
            },
            // Each area's texts in each language (lib/i18n.ts), named so bench/bundle and the
            // browser tests can tell which language a page fetched.
            {
              name: (id: string) => {
                const m = /src[\\/]locales[\\/]([a-z-]+)[\\/]([a-z]+)\.po$/.exec(id);
                return m ? `messages-${m[1]}-${m[2]}` : null;
              },
              priority: 3,
            },
            // Only the modules named: pulling in their imports too would move the entry's own
            // modules (a button, the class joiner) out of the entry into an area chunk.
            { debugName: 'area', name: areaChunk, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
