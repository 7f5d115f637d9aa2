/**
 * The API description (OpenAPI, served at /api/docs) completed from what every route already
 * declares: its summary (api-summaries.ts), an operationId made from its method and path, the errors
 * its access rule and input can give (in the `{ error: { code, message } }` shape every error has),
 * and the session cookie as the security scheme of every route that needs one.
 */
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { PermissionRule } from '@meatshop/shared/staff-permissions';
import type { Access } from '../modules/accounts/access.ts';
import { API_SUMMARIES } from './api-summaries.ts';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type JsonSchema = Record<string, unknown>;

/** better-auth's session cookie (cookiePrefix `meatshop`); `__Secure-` is put before it over HTTPS. */
export const SESSION_COOKIE = 'meatshop.session_token';

const errorBody = (codes: string[], description: string): JsonSchema => ({
  description,
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: codes },
        message: { type: 'string', description: 'A sentence to show the person, in the shop’s words.' },
        fields: { type: 'object', additionalProperties: { type: 'string' }, description: 'Per-field messages (validation).' },
      },
    },
  },
});

/** `POST /api/admin/orders/{id}/assign` → `postAdminOrdersByIdAssign`. */
export function operationIdOf(method: string, openapiPath: string): string {
  const words = openapiPath
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? ['by', param[1]!] : segment.split(/[^a-zA-Z0-9]+/);
    })
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/** The path as the description writes it: `{param}`, no trailing slash. */
export function openapiPathOf(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/(.)\/$/, '$1');
}

export function describeOperation(input: TransformInput) {
  const out = jsonSchemaTransform(input);
  const schema = { ...(out.schema as JsonSchema) };
  const url = openapiPathOf(out.url);
  if (schema.hide) return { schema, url };
  const methods = ([] as string[]).concat(input.route.method as string | string[]);
  const method = methods[0]!.toUpperCase();
  const config = input.route.config as { access?: Access; permission?: PermissionRule } | undefined;
  const access = config?.access ?? 'visitor';
  const permission = config?.permission === undefined ? undefined : ([] as string[]).concat(config.permission);

  schema.summary ??= API_SUMMARIES[`${method} ${url}`];
  schema.operationId ??= operationIdOf(method, url);
  // Open routes still read a session when one is sent (the cart, the product page): optional.
  schema.security = access === 'visitor' ? [{}, { session: [] }] : [{ session: [] }];

  const response = { ...((schema.response as Record<string, JsonSchema> | undefined) ?? {}) };
  // A route that sends a file (a receipt, a photo) has no JSON schema for its answer: it is the file.
  if (!Object.keys(response).some((status) => status.startsWith('2'))) {
    const types = (schema.produces as string[] | undefined) ?? ['application/octet-stream'];
    response[200] = {
      description: 'The file',
      content: Object.fromEntries(types.map((t) => [t, { schema: { type: 'string', format: 'binary' } }])),
    };
  }
  const add = (status: number, codes: string[], description: string) => {
    response[status] ??= errorBody(codes, description);
  };
  if (schema.body || schema.querystring || schema.params || schema.headers || url.includes('{'))
    add(400, ['VALIDATION'], 'The input is not valid; `fields` says what is wrong with each field.');
  if (access !== 'visitor') add(401, ['UNAUTHENTICATED'], 'Not signed in, or the session has ended.');
  if (permission) {
    // A back-office route: the staff permission it needs, for callers and for other engineers' tools.
    schema['x-permission'] = permission;
    add(403, ['FORBIDDEN'], `Signed in, but not as staff whose role has ${permission.map((p) => `\`${p}\``).join(' or ')}.`);
  } else if (access !== 'visitor' && access !== 'signedIn')
    add(403, ['FORBIDDEN', 'PROFILE_NOT_FOUND'], `Signed in, but not as ${access}.`);
  if (url.includes('{')) add(404, ['NOT_FOUND'], 'Nothing with that id (or not yours to see).');
  if (method !== 'GET') add(403, ['FORBIDDEN'], 'Sent from another site (the Origin check), or not allowed.');
  add(500, ['INTERNAL'], 'An unexpected error; the server has logged it.');
  add(503, ['UNAVAILABLE'], 'The database is briefly unavailable; try again.');
  schema.response = response;
  return { schema, url };
}

/** The document around the operations: who serves it, and the session cookie as a security scheme. */
export function apiDocument(publicUrl: string) {
  return {
    info: {
      title: 'Kampala Prime Meats API',
      version: '1.0.0',
      description:
        'The shop’s HTTP API. Sign in with `POST /api/auth/sign-in`: the session is an HttpOnly cookie sent with every later request. ' +
        'Requests that change something must come from the shop’s own origin (`Origin` header). ' +
        'Every error answers `{ "error": { "code", "message" } }`.',
      license: { name: 'Proprietary' },
    },
    servers: [{ url: publicUrl, description: 'This shop' }],
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey' as const,
          in: 'cookie' as const,
          name: SESSION_COOKIE,
          description: `The session cookie set at sign-in (named \`__Secure-${SESSION_COOKIE}\` when the shop is served over HTTPS).`,
        },
      },
    },
  };
}
