/**
 * One gate for every route: a NUL character or half a surrogate pair anywhere in the path
 * parameters, the query string or a JSON body (values and keys) is a 400 before any schema or
 * handler sees it. PostgreSQL refuses both in text, so without this each text field of each route
 * would need its own rule, and the one that forgot it answered 500.
 */
import { hasForbiddenCharacters, TEXT_MESSAGES } from '@meatshop/shared/text-rules';
import type { FastifyInstance } from 'fastify';
import { invalid } from './errors.ts';

const MAX_DEPTH = 32;

/** The path (`name`, `items.0.note`) of the first string or key that breaks the rule, or null. */
export function forbiddenTextAt(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return hasForbiddenCharacters(value) ? path || 'value' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value)) return null;
  for (const [key, child] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (hasForbiddenCharacters(key)) return at;
    const found = forbiddenTextAt(child, at, depth + 1);
    if (found) return found;
  }
  return null;
}

export function registerTextInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const at = forbiddenTextAt(req.params) ?? forbiddenTextAt(req.query) ?? forbiddenTextAt(req.body);
    if (at) throw invalid(TEXT_MESSAGES.badCharacters, { [at]: TEXT_MESSAGES.badCharacters });
  });
}
