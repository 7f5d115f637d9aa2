/**
 * The API description (OpenAPI, served at /api/docs) completed from what every route already
 * declares: its summary (api-summaries.ts), an operationId made from its method and path, the errors
 * its access rule and input can give (in the `{ error: { code, message } }` shape every error has),
 * and the session cookie as the security scheme of every route that needs one.
 */
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Access } from '../modules/accounts/access.ts';
import { documentedErrors, type RouteErrorFacts } from './api-errors.ts';
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
  const config = input.route.config as RouteErrorFacts['config'];
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
  const errors = documentedErrors({ method, url, schema: schema as RouteErrorFacts['schema'], config });
  if (permission) schema['x-permission'] = permission;
  for (const [status, codes] of errors)
    response[status] ??= errorBody(codes, describeStatus(status, codes, access, permission, method !== 'GET' && method !== 'HEAD'));
  schema.response = response;
  return { schema, url };
}

/** What each error status means for this operation, in a sentence a client's developer can act on. */
function describeStatus(status: number, codes: string[], access: Access, permission: string[] | undefined, writes: boolean): string {
  const has = (code: string) => codes.includes(code);
  switch (status) {
    case 400:
      return 'The input is not valid; `fields` says what is wrong with each field.';
    case 401:
      return has('INVALID_CREDENTIALS') ? 'Wrong email or password, or not signed in.' : 'Not signed in, or the session has ended.';
    case 403: {
      const who = permission
        ? `staff whose role has ${permission.map((p) => `\`${p}\``).join(' or ')}`
        : access !== 'visitor' && access !== 'signedIn'
          ? access
          : null;
      const origin = writes ? ' Also a change sent from another site (the Origin check).' : '';
      return who ? `Signed in, but not as ${who}.${origin}` : `Not allowed.${origin}`;
    }
    case 404:
      return 'Nothing with that id (or not yours to see).';
    case 409:
      return has('OUT_OF_STOCK')
        ? 'Refused by the state of things: not enough stock (`OUT_OF_STOCK`), or a conflict with what is there already.'
        : 'Refused by the state of things: it conflicts with what is there already, or has moved on.';
    case 413:
      return 'The request is too large.';
    case 415:
      return 'The body is of a type this operation does not read.';
    case 422:
      return 'Refused by a rule of the shop; `message` says which.';
    case 429:
      return 'Too many attempts; wait and try again.';
    case 502:
      return 'The payment provider could not be reached or refused the request.';
    case 503:
      return 'The database is briefly unavailable; try again.';
    default:
      return 'An unexpected error; the server has logged it.';
  }
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
