/**
 * Imported first by main.tsx, before any schema is built: zod compiles fast parsers with
 * `new Function`, and even its guarded probe is reported as a violation under our
 * Content-Security-Policy (script-src 'self', no 'unsafe-eval'). Jitless parsing keeps the app
 * free of violations at a small cost in parse speed.
 */
import { z } from 'zod';

z.config({ jitless: true });
