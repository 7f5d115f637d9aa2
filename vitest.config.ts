import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The web app's own import root, for its unit tests (apps/web/src/**/*.test.ts).
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./apps/web/src/', import.meta.url)) }] },
  test: {
    include: [
      'apps/server/test/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'packages/shared/src/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
    ],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 300_000,
    reporters: ['default'],
  },
});
