/**
 * Who is calling, and the one gate every route declares. Each route has `config.access`; an area
 * plugin sets its default with `defaultAccess`, and the app refuses to start if any /api route has none.
 * Back-office routes (/api/admin) also name the staff permission they need, `config.permission`
 * (or a plugin default from `defaultPermission`), and the app refuses to start without it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PERMISSIONS, type Permission, type PermissionRule, allows, permissionsOfRole } from '@meatshop/shared/staff-permissions';
import type { Db } from '../../db/client.ts';
import { findActorBySessionToken, findEmployeeByUserId, findRiderById, findStaffByUserId, findUserById } from './accounts.repository.ts';
import type { Auth } from '../../platform/auth.ts';
import { AppError, forbidden, unauthenticated } from '../../platform/errors.ts';
import { webHeaders } from '../../platform/http.ts';

export const ACCESS_LEVELS = ['visitor', 'signedIn', 'customer', 'rider', 'anyRider', 'outletEmployee', 'admin'] as const;
/**
 * visitor: anyone. signedIn: any session. customer: a users profile. rider: an active rider.
 * anyRider: a rider profile, active or not (their own session/profile screens). outletEmployee: an
 * active outlet employee. admin: a back-office member (users.is_admin); what they may do there is
 * the route's `permission`, checked against their staff role.
 */
export type Access = (typeof ACCESS_LEVELS)[number];

export interface RouteAccess {
  url: string;
  method: string | string[];
  config?: { access?: Access; permission?: PermissionRule };
}

/** A back-office member's role, as the gate and the session read it. */
export interface StaffActor {
  roleId: string;
  roleName: string;
  permissions: Permission[];
  /** The role must use an authenticator app when the shop requires it. */
  twoFactorRole: boolean;
  twoFactorEnabled: boolean;
}

export interface Actor {
  userId: string;
  email: string;
  sessionToken: string;
  user: Awaited<ReturnType<typeof findUserById>> | null;
  rider: Awaited<ReturnType<typeof findRiderById>> | null;
  employee: Awaited<ReturnType<typeof findEmployeeByUserId>> | null;
  /** Null for anyone who is not back-office staff, or staff with no role yet. */
  staff: StaffActor | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The staff permission a back-office route needs (one, or any one of a list). */
    permission?: PermissionRule;
  }
  interface FastifyInstance {
    /** Every route with its declared access rule (read by the authorization matrix test). */
    accessTable: RouteAccess[];
    /**
     * Every caller read so far is read again on their next request: called after every write through
     * this instance, and by a read that ends a session (see CALLER_REUSE_MS).
     */
    forgetCallers(): void;
  }
  interface FastifyRequest {
    /** The signed-in caller, looked up once per request (null for a visitor). */
    actor(): Promise<Actor | null>;
  }
}

export async function loadActor(db: Db, userId: string, email: string, sessionToken: string): Promise<Actor> {
  const [user, rider, employee] = [await findUserById(db, userId), await findRiderById(db, userId), await findEmployeeByUserId(db, userId)];
  const staff = user?.isAdmin ? staffOf(await findStaffByUserId(db, userId)) : null;
  return { userId, email, sessionToken, user: user ?? null, rider: rider ?? null, employee: employee ?? null, staff };
}

/** The staff role of a back-office member, from their role row (null: no role given yet). */
export function staffOf(
  row:
    | {
        roleId: string | null;
        roleName: string | null;
        permissions: string[] | null;
        twoFactor: boolean | null;
        twoFactorEnabled: boolean | null;
      }
    | undefined,
): StaffActor | null {
  if (!row?.roleId || row.roleName === null) return null;
  return {
    roleId: row.roleId,
    roleName: row.roleName,
    permissions: permissionsOfRole(row.roleId, row.permissions),
    twoFactorRole: row.twoFactor === true,
    twoFactorEnabled: row.twoFactorEnabled === true,
  };
}

const cache = new WeakMap<FastifyRequest, Promise<Actor | null>>();

/**
 * Drop the request's cached actor. A long-lived request (an event stream) keeps only what it needs
 * of it, not the user, rider and employee rows for as long as it stays open.
 */
export function releaseActor(req: FastifyRequest) {
  cache.delete(req);
}

/**
 * How long a signed-in caller, once read, answers this instance's next requests with the same session
 * without reading it again. Any state-changing request through this instance (signing out, a
 * password change, a role taken away) forgets them all before its answer leaves, so here a revoked
 * session is refused at once; another instance refuses it within this bound.
 */
export const CALLER_REUSE_MS = 1000;
/** Sessions remembered at most; beyond it the memory starts again empty. */
const CALLERS_HELD = 10_000;

type FoundCaller = NonNullable<Awaited<ReturnType<typeof findActorBySessionToken>>>;

/**
 * The callers read recently, by session token. A page fires several API calls at once with one
 * cookie; each used to read the session and the caller's profiles again. Only what the one-query read
 * found is kept, and its session's expiry is still checked on every request.
 */
function createCallerMemory(db: Db) {
  // forget() starts a new map: a read still under way from before it (which may have seen the
  // session before it was revoked) answers its own requests but is not kept.
  let held = new Map<string, { found: Promise<FoundCaller | undefined>; until: number }>();
  return {
    read(token: string): Promise<FoundCaller | undefined> {
      const now = Date.now();
      const hit = held.get(token);
      if (hit && hit.until > now) return hit.found;
      const found = findActorBySessionToken(db, token);
      if (held.size >= CALLERS_HELD) held = new Map();
      const entry = { found, until: now + CALLER_REUSE_MS };
      held.set(token, entry);
      const map = held;
      // Nobody found (signed out, expired and deleted) and a failed read are not kept.
      const drop = () => {
        if (map.get(token) === entry) map.delete(token);
      };
      found.then((f) => {
        if (!f) drop();
      }, drop);
      return found;
    },
    forget() {
      held = new Map();
    },
  };
}

export function registerAccess(app: FastifyInstance, db: Db, auth: Auth, opts: { staff2faRequired: boolean }) {
  const callers = createCallerMemory(db);
  app.decorate('forgetCallers', () => callers.forget());
  app.decorateRequest('actor', function (this: FastifyRequest) {
    let p = cache.get(this);
    if (!p) {
      p = resolveActor(this);
      cache.set(this, p);
    }
    return p;
  });

  async function resolveActor(req: FastifyRequest): Promise<Actor | null> {
    const cookieHeader = req.headers.cookie;
    if (!cookieHeader?.includes('meatshop')) return null;
    const fast = await sessionReader;
    const token = fast.token(cookieHeader);
    // A cookie not signed with our secret names nobody, as better-auth would answer.
    if (token === false) return null;
    if (token) {
      const found = await callers.read(token);
      if (!found) return null;
      if (!fast.needsBetterAuth(found.expiresAt, cookieHeader)) {
        return {
          userId: found.userId,
          email: found.email,
          sessionToken: token,
          user: found.user,
          rider: found.rider,
          employee: found.employee,
          staff: found.user?.isAdmin ? staffOf(found.staff) : null,
        };
      }
    }
    // Expired sessions (better-auth deletes them) and sessions due for their daily extension.
    const s = await auth.api.getSession({ headers: webHeaders(req) });
    if (!s) return null;
    return loadActor(db, s.user.id, s.user.email, s.session.token);
  }
  const sessionReader = auth.$context.then(sessionCookieReader);

  const routes: RouteAccess[] = [];
  app.decorate('accessTable', routes);
  app.addHook('onRoute', (r) => {
    routes.push(r as RouteAccess);
  });
  app.addHook('onReady', async () => {
    const missing = routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !r.config?.access);
    if (missing.length) throw new Error(`Routes without an access rule: ${missing.map((r) => `${r.method} ${r.url}`).join(', ')}`);
    const staffRoutes = routes.filter((r) => r.url.startsWith('/api/admin/'));
    const noPermission = staffRoutes.filter((r) => !r.config?.permission);
    if (noPermission.length)
      throw new Error(`Back-office routes without a staff permission: ${noPermission.map((r) => `${r.method} ${r.url}`).join(', ')}`);
    const unknown = staffRoutes.filter((r) => ruleList(r.config!.permission!).some((p) => !(p in PERMISSIONS)));
    if (unknown.length)
      throw new Error(`Back-office routes with an unknown permission: ${unknown.map((r) => `${r.method} ${r.url}`).join(', ')}`);
  });

  app.addHook('onRequest', async (req) => {
    const { access, permission } = req.routeOptions.config ?? {};
    if (!access || access === 'visitor') return;
    const actor = await req.actor();
    await check(access, actor);
    if (permission) checkPermission(permission, actor!, opts);
  });
}

type AuthContext = Awaited<Auth['$context']>;

/**
 * Reads better-auth's signed session cookie the way better-auth does (the first cookie of the name,
 * `token.base64(HMAC-SHA256(secret, token))`), so the caller can be found with one query instead of
 * better-auth's session and user reads followed by three profile reads on every signed-in request.
 * Whatever better-auth would change on the way (an expired session, the daily sliding extension) is
 * still left to it: `needsBetterAuth` says when.
 */
function sessionCookieReader(ctx: AuthContext) {
  const name = ctx.authCookies.sessionToken.name;
  const dontRemember = ctx.authCookies.dontRememberToken.name;
  const key = ctx.secret;
  const { expiresIn, updateAge } = ctx.sessionConfig;
  return {
    /** The session token, undefined without the cookie, false when its signature does not match. */
    token(cookieHeader: string): string | undefined | false {
      const value = readCookie(cookieHeader, name);
      if (value === undefined) return undefined;
      const dot = value.lastIndexOf('.');
      if (dot < 1) return false;
      const token = value.slice(0, dot);
      const signature = value.slice(dot + 1);
      if (signature.length !== 44 || !signature.endsWith('=')) return false;
      const expected = createHmac('sha256', key).update(token).digest();
      const given = Buffer.from(signature, 'base64');
      return given.length === expected.length && timingSafeEqual(given, expected) ? token : false;
    },
    needsBetterAuth(expiresAt: Date, cookieHeader: string): boolean {
      const now = Date.now();
      if (expiresAt.getTime() <= now) return true;
      // better-auth extends a remembered session once a day; a "don't remember me" one never.
      const dueForExtension = expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 <= now;
      return dueForExtension && readCookie(cookieHeader, dontRemember) === undefined;
    },
  };
}

/** The first cookie of that name, percent-decoded, as better-auth's parser reads it. */
function readCookie(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let v = part.slice(eq + 1).trim();
    if (v.charCodeAt(0) === 34) v = v.slice(1, -1);
    try {
      return decodeURIComponent(v);
    } catch {
      return v;
    }
  }
  return undefined;
}

export async function check(access: Access, actor: Actor | null) {
  if (access === 'visitor') return;
  if (!actor) throw unauthenticated();
  switch (access) {
    case 'signedIn':
      return;
    case 'customer':
      if (!actor.user) throw forbidden('This area is for customers.');
      return;
    case 'anyRider':
      if (!actor.rider) throw forbidden('No rider profile found. Please contact support.');
      return;
    case 'rider':
      if (!actor.rider) throw forbidden('No rider profile found. Please contact support.');
      if (actor.rider.approval === 'pending') throw forbidden('Your rider account is waiting for approval by an administrator.');
      if (actor.rider.approval === 'declined') throw forbidden('Your rider application was not approved. Please contact support.');
      if (!actor.rider.isActive) throw forbidden('Your rider account is inactive. Please contact support.');
      return;
    case 'outletEmployee':
      if (!actor.employee?.isActive) throw forbidden('This area is for active outlet staff.');
      return;
    case 'admin':
      if (!actor.user?.isAdmin) throw forbidden('This area is for administrators.');
      return;
  }
}

const ruleList = (rule: PermissionRule): readonly Permission[] => (typeof rule === 'string' ? [rule] : rule);

export const TWO_FACTOR_SETUP_NEEDED = 'Set up two-step sign-in with an authenticator app before using the back office.';

/**
 * A staff member's role must hold the route's permission (any one of a list). When the shop requires
 * an authenticator app for the role, a member who has not set one up is refused every back-office
 * route until they do (the set-up routes are outside /api/admin).
 */
export function checkPermission(rule: PermissionRule, actor: Actor, opts: { staff2faRequired: boolean }) {
  const staff = actor.staff;
  if (!staff) throw forbidden('Your account has no back-office role yet. Ask the shop owner to give you one.');
  if (opts.staff2faRequired && staff.twoFactorRole && !staff.twoFactorEnabled) throw forbidden(TWO_FACTOR_SETUP_NEEDED);
  if (allows(staff.permissions, rule)) return;
  const needed = ruleList(rule)
    .map((p) => `“${PERMISSIONS[p]}”`)
    .join(' or ');
  throw forbidden(`Your role (${staff.roleName}) does not allow this. It needs the permission ${needed}; ask the shop owner.`);
}

/**
 * For a back-office plugin: its GET routes need `read` and the others `write`, unless a route sets
 * its own `config.permission`.
 */
export function defaultPermission(app: FastifyInstance, read: PermissionRule, write: PermissionRule = read) {
  app.addHook('onRoute', (r) => {
    const config = (r.config ?? {}) as { permission?: PermissionRule };
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    const own = config.permission ?? (methods.every((m) => m === 'GET' || m === 'HEAD') ? read : write);
    r.config = { ...config, permission: own };
  });
}

/** For an area plugin: every route registered inside it gets this access unless it says otherwise. */
export function defaultAccess(app: FastifyInstance, access: Access) {
  app.addHook('onRoute', (r) => {
    r.config = { ...(r.config ?? {}), access: (r.config as { access?: Access } | undefined)?.access ?? access };
  });
}

/** The actor of a route whose access rule already guaranteed one. */
export async function requireActor(req: FastifyRequest): Promise<Actor> {
  const a = await req.actor();
  if (!a) throw unauthenticated();
  return a;
}

export function assertCustomer(a: Actor) {
  if (!a.user) throw new AppError('FORBIDDEN', 'This area is for customers.');
  return a.user;
}
