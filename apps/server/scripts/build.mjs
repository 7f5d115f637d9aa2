/**
 * Production build of the server: ESM files (dist/main.mjs and the chunks it loads) with our own
 * TypeScript (server and packages/shared) bundled and every npm dependency left external. Starting
 * it skips the on-the-fly TypeScript compiler, which is most of a warm start.
 */
import { copyFileSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  // The command-line tools run from the same build, so a production image needs no TypeScript runner.
  entryPoints: {
    main: 'src/main.ts',
    'seed-cli': 'src/seed/cli.ts',
    'db-cli': 'src/ops/db-cli.ts',
    'backup-cli': 'src/ops/backup-cli.ts',
  },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  // Dynamic imports stay separate files (beside main.mjs, so paths relative to a file still hold):
  // main.mjs starts tracing before serve's chunk loads Fastify and pg, and a shop on local disk
  // never loads the S3 code.
  splitting: true,
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        // Bare imports are npm packages (external), except our own workspace package.
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@meatshop/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});

// The embedded database's worker thread loads its own entry file beside main.mjs (see db/pglite-proxy.ts).
copyFileSync('src/db/pglite-worker.mjs', 'dist/pglite-worker.mjs');
