/**
 * Who is calling, and the one gate every route declares. Each route has `config.access`; an area
 * plugin sets its default with `defaultAccess`, and the app refuses to start if any /api route has none.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { findEmployeeByUserId, findRiderById, findUserById } from './accounts.repository.ts';
import type { Auth } from '../../platform/auth.ts';
import { AppError, forbidden, unauthenticated } from '../../platform/errors.ts';
import { webHeaders } from '../../platform/http.ts';

export const ACCESS_LEVELS = ['visitor', 'signedIn', 'customer', 'rider', 'anyRider', 'outletEmployee', 'admin'] as const;
/**
 * visitor: anyone. signedIn: any session. customer: a users profile. rider: an active rider.
 * anyRider: a rider profile, active or not (their own session/profile screens). outletEmployee: an
 * active outlet employee. admin: users.is_admin.
 */
export type Access = (typeof ACCESS_LEVELS)[number];

export interface RouteAccess {
  url: string;
  method: string | string[];
  config?: { access?: Access };
}

export interface Actor {
  userId: string;
  email: string;
  sessionToken: string;
  user: Awaited<ReturnType<typeof findUserById>> | null;
  rider: Awaited<ReturnType<typeof findRiderById>> | null;
  employee: Awaited<ReturnType<typeof findEmployeeByUserId>> | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every route with its declared access rule (read by the authorization matrix test). */
    accessTable: RouteAccess[];
  }
  interface FastifyRequest {
    /** The signed-in caller, looked up once per request (null for a visitor). */
    actor(): Promise<Actor | null>;
  }
}

export async function loadActor(db: Db, userId: string, email: string, sessionToken: string): Promise<Actor> {
  const [user, rider, employee] = [await findUserById(db, userId), await findRiderById(db, userId), await findEmployeeByUserId(db, userId)];
  return { userId, email, sessionToken, user: user ?? null, rider: rider ?? null, employee: employee ?? null };
}

const cache = new WeakMap<FastifyRequest, Promise<Actor | null>>();

/**
 * Drop the request's cached actor. A long-lived request (an event stream) keeps only what it needs
 * of it, not the user, rider and employee rows for as long as it stays open.
 */
export function releaseActor(req: FastifyRequest) {
  cache.delete(req);
}

export function registerAccess(app: FastifyInstance, db: Db, auth: Auth) {
  app.decorateRequest('actor', function (this: FastifyRequest) {
    let p = cache.get(this);
    if (!p) {
      p = resolveActor(this);
      cache.set(this, p);
    }
    return p;
  });

  async function resolveActor(req: FastifyRequest): Promise<Actor | null> {
    if (!req.headers.cookie?.includes('meatshop')) return null;
    const s = await auth.api.getSession({ headers: webHeaders(req) });
    if (!s) return null;
    return loadActor(db, s.user.id, s.user.email, s.session.token);
  }

  const routes: RouteAccess[] = [];
  app.decorate('accessTable', routes);
  app.addHook('onRoute', (r) => {
    routes.push(r as RouteAccess);
  });
  app.addHook('onReady', async () => {
    const missing = routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !r.config?.access);
    if (missing.length) throw new Error(`Routes without an access rule: ${missing.map((r) => `${r.method} ${r.url}`).join(', ')}`);
  });

  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === 'visitor') return;
    await check(access, await req.actor());
  });
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
