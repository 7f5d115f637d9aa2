/** Vite build of the single-page app; in development /api and /media go to the API server on :3000. */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
        // React and the router change rarely: one long-cached chunk shared by every area.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|src[\\/]lib[\\/]router[\\/]/ }],
        },
      },
    },
  },
});
