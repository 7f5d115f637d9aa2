/** /api/geo: place search and reverse lookup for the map pickers (checkout, admin outlets). */
import { GeoReverseQuery, GeoReverseResponse, GeoSearchQuery, GeoSearchResponse } from '@meatshop/shared/geo';
import type { App } from '../../app-types.ts';
import { AppError } from '../../platform/errors.ts';
import { requireActor } from '../../modules/accounts/access.ts';
import { enforce } from '../../platform/rate-limit.ts';
import { createGeocoder } from '../../modules/geo/geocoder.ts';

export default async function geoRoutes(app: App) {
  const { db, config } = app.deps;
  const geocoder = createGeocoder(config);
  // Signed-in callers only, and limited: the pickers are behind sign-in, and an outside service must not be an open proxy.
  const limit = async (userId: string) => enforce(db, [{ key: `geo:user:${userId}`, max: 120, windowSeconds: 600 }]);

  app.get(
    '/search',
    {
      config: { access: 'signedIn', errors: ['RATE_LIMITED'] },
      schema: { tags: ['geo'], querystring: GeoSearchQuery, response: { 200: GeoSearchResponse } },
    },
    async (req) => {
      await limit((await requireActor(req)).userId);
      return { results: await geocoder.search(req.query.q) };
    },
  );

  app.get(
    '/reverse',
    {
      config: { access: 'signedIn', errors: ['RATE_LIMITED', 'NOT_FOUND'] },
      schema: { tags: ['geo'], querystring: GeoReverseQuery, response: { 200: GeoReverseResponse } },
    },
    async (req) => {
      await limit((await requireActor(req)).userId);
      const place = await geocoder.reverse(req.query.lat, req.query.lng);
      if (!place) throw new AppError('NOT_FOUND', 'Failed to get address for selected location');
      return { place };
    },
  );
}
