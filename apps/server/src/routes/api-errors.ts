/**
 * Which error answers an operation can give, worked out once for the API description and for the
 * check that keeps it true. Most follow from what the route already declares (its input, access rule,
 * permission, path parameters and method); the refusals a route's rules raise deep in a service (out
 * of stock, a limit, a provider that is down) are named by the route in `config.errors`. Under test
 * every error answered is checked against this list, so a refusal a route does not declare turns into
 * a loud 500 in the test that provoked it instead of a silent gap in the document.
 */
import { ERROR_STATUS, type ErrorCode } from '@meatshop/shared/errors';
import type { PermissionRule } from '@meatshop/shared/staff-permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '../modules/accounts/access.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Refusals this route's rules can answer beyond those its input, access and method imply. */
    errors?: readonly ErrorCode[];
  }
}

export interface RouteErrorFacts {
  method: string;
  /** Fastify's (`:id`) or the description's (`{id}`) form of the path. */
  url: string;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown; headers?: unknown } | null;
  config?: { access?: Access; permission?: PermissionRule; errors?: readonly ErrorCode[] } | null;
}

/** Status → the codes an answer with that status may carry, in the order they are added. */
export type DocumentedErrors = Map<number, ErrorCode[]>;

export function documentedErrors(route: RouteErrorFacts): DocumentedErrors {
  const out: DocumentedErrors = new Map();
  const add = (...codes: ErrorCode[]) => {
    for (const code of codes) {
      const status = ERROR_STATUS[code];
      const list = out.get(status) ?? [];
      if (!list.includes(code)) list.push(code);
      out.set(status, list);
    }
  };
  const method = route.method.toUpperCase();
  const access = route.config?.access ?? 'visitor';
  const hasParams = /[:{]/.test(route.url);
  const schema = route.schema ?? {};
  const writes = method !== 'GET' && method !== 'HEAD';

  if (schema.body || schema.querystring || schema.params || schema.headers || hasParams || writes) add('VALIDATION');
  if (access !== 'visitor') add('UNAUTHENTICATED');
  if (route.config?.permission) add('FORBIDDEN');
  else if (access !== 'visitor' && access !== 'signedIn') add('FORBIDDEN', 'PROFILE_NOT_FOUND');
  if (hasParams) add('NOT_FOUND');
  if (writes) {
    // The Origin check refuses a write sent from another site; any body is parsed, so it can be too
    // large or of a type the shop does not read; and a write can meet a database rule (a duplicate, a
    // row still in use, a check constraint), answered as a conflict or a broken rule.
    add('FORBIDDEN', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'CONFLICT', 'RULE_BROKEN');
  }
  add(...(route.config?.errors ?? []));
  add('INTERNAL', 'UNAVAILABLE');
  return out;
}

/**
 * Under test: an error answer whose status and code the route does not document becomes a 500 that
 * says so, and is logged, so the test that provoked it fails and names the route to fix.
 */
export function checkErrorsAreDocumented(app: FastifyInstance) {
  const cache = new Map<string, DocumentedErrors>();
  const documentedFor = (req: FastifyRequest) => {
    const { method, url, schema, config } = req.routeOptions;
    const key = `${method} ${url}`;
    let found = cache.get(key);
    if (!found) {
      found = documentedErrors({
        method: String(method),
        url: url ?? '',
        schema: schema as RouteErrorFacts['schema'],
        config: config as RouteErrorFacts['config'],
      });
      cache.set(key, found);
    }
    return found;
  };

  app.addHook('onSend', async (req, reply, payload) => {
    const url = req.routeOptions.url;
    // Hidden routes (health, metrics, the event stream) are not in the document to begin with.
    const hidden = (req.routeOptions.schema as { hide?: boolean } | undefined)?.hide;
    if (reply.statusCode < 400 || !url?.startsWith('/api/') || url.startsWith('/api/docs') || hidden) return payload;
    if (typeof payload !== 'string') return payload;
    let code: string | undefined;
    try {
      code = (JSON.parse(payload) as { error?: { code?: string } }).error?.code;
    } catch {
      return payload;
    }
    if (!code) return payload;
    if (
      documentedFor(req)
        .get(reply.statusCode)
        ?.includes(code as ErrorCode)
    )
      return payload;
    const message = `Undocumented error answer ${reply.statusCode} ${code} from ${req.routeOptions.method} ${url}: name it in the route's config.errors`;
    req.log.error({ payload }, message);
    reply.code(500);
    return JSON.stringify({ error: { code: 'INTERNAL', message } });
  });
}
