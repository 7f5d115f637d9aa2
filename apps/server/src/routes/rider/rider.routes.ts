/** /api/rider: the rider's account, availability, stats and earnings. Orders: rider-orders.routes.ts. */
import { SessionResponse, SignInInput } from '@meatshop/shared/auth';
import {
  RiderAvailabilityInput,
  RiderEarnings,
  RiderEarningsQuery,
  RiderProfile,
  RiderProfileInput,
  RiderSignUpInput,
  RiderStats,
} from '@meatshop/shared/rider';
import { RiderCash } from '@meatshop/shared/cash';
import { RiderLocationInput } from '@meatshop/shared/tracking';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { cashOverview } from '../../modules/delivery/cash.service.ts';
import { updateRiderLocation } from '../../modules/delivery/tracking.service.ts';
import { sessionOf } from '../../modules/accounts/accounts.service.ts';
import { setAvailability } from '../../modules/delivery/delivery.service.ts';
import { riderProfile } from '../../modules/delivery/delivery.views.ts';
import { earningsFor, statsFor } from '../../modules/delivery/earnings.service.ts';
import { signInRider, signUpRider, updateRiderProfile } from '../../modules/delivery/rider-accounts.service.ts';
import { defaultAccess, requireActor } from '../../modules/accounts/access.ts';
import { copySetCookies, webHeaders } from '../../platform/http.ts';
import { enforce } from '../../platform/rate-limit.ts';
import { limitedSignIn } from '../../platform/sign-in-limits.ts';
import riderOrdersRoutes from './rider-orders.routes.ts';

const tags = ['rider'];
const RiderLocation = z.object({ lat: z.number(), lng: z.number(), at: z.string() });

export default async function riderRoutes(app: App) {
  defaultAccess(app, 'rider');
  const { db, auth } = app.deps;
  const riderOf = async (req: Parameters<typeof requireActor>[0]) => (await requireActor(req)).rider!;

  app.post(
    '/sign-up',
    {
      config: { access: 'visitor', errors: ['RATE_LIMITED', 'ALREADY_EXISTS'] },
      schema: { tags, body: RiderSignUpInput, response: { 201: SessionResponse } },
    },
    async (req, reply) => {
      await enforce(db, [{ key: `sign-up:ip:${req.ip}`, max: 10, windowSeconds: 600 }]);
      const result = await signUpRider(db, auth, req.body, webHeaders(req));
      copySetCookies(result.headers, reply);
      return reply.code(201).send(sessionOf(result.actor));
    },
  );

  app.post(
    '/sign-in',
    {
      config: { access: 'visitor', errors: ['INVALID_CREDENTIALS', 'PROFILE_NOT_FOUND', 'RATE_LIMITED'] },
      schema: { tags, body: SignInInput, response: { 200: SessionResponse } },
    },
    async (req, reply) => {
      const result = await limitedSignIn(db, req, req.body.email, () => signInRider(db, auth, req.body, webHeaders(req)));
      copySetCookies(result.headers, reply);
      return sessionOf(result.actor);
    },
  );

  // The rider's own profile stays reachable when inactive, so the app can say why they cannot work.
  app.get('/me', { config: { access: 'anyRider' }, schema: { tags, response: { 200: RiderProfile } } }, async (req) =>
    riderProfile(await riderOf(req)),
  );

  app.patch(
    '/me',
    { config: { access: 'anyRider' }, schema: { tags, body: RiderProfileInput, response: { 200: RiderProfile } } },
    async (req) => riderProfile(await updateRiderProfile(db, (await riderOf(req)).id, req.body)),
  );

  app.put('/status', { schema: { tags, body: RiderAvailabilityInput, response: { 200: RiderProfile } } }, async (req) =>
    riderProfile(await setAvailability(db, (await riderOf(req)).id, req.body.status)),
  );

  /** The idle rider's position while online, for dispatch suggestions. */
  app.put('/location', { schema: { tags, body: RiderLocationInput, response: { 200: RiderLocation } } }, async (req) =>
    updateRiderLocation(db, (await riderOf(req)).id, req.body),
  );

  app.get('/stats', { schema: { tags, response: { 200: RiderStats } } }, async (req) => statsFor(db, (await riderOf(req)).id));

  app.get('/earnings', { schema: { tags, querystring: RiderEarningsQuery, response: { 200: RiderEarnings } } }, async (req) =>
    earningsFor(db, (await riderOf(req)).id, req.query.period),
  );

  await app.register(riderOrdersRoutes, { prefix: '/orders' });

  /** The cash-on-delivery money the rider holds, per shift (a Kampala day), and what was handed over. */
  app.get('/cash', { schema: { tags, response: { 200: RiderCash } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const { riders } = await cashOverview(db, app.deps.now(), (await riderOf(req)).id);
    return riders[0]!;
  });
}
