import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Web modules a test imports may use Lingui's macros (<Trans>, t``), compiled as the build does.
  plugins: [lingui({ macroTransform: true, configPath: fileURLToPath(new URL('./apps/web/lingui.config.ts', import.meta.url)) })],
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
