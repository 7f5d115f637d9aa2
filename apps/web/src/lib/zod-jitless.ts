/**
 * What `zod` resolves to in the web build (vite.config.ts alias): zod itself, told not to probe for
 * `new Function` (its JIT), which the Content-Security-Policy (script-src 'self') blocks and Chrome
 * reports as a CSP issue on every page that validates a form or query.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
