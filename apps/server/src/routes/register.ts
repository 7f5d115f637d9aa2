/** Every area's routes, each under its prefix and behind its gate. */
import type { App } from '../app.ts';
import adminRiderEarningsRoutes from './admin/rider-earnings.routes.ts';
import authRoutes from './auth/auth.routes.ts';
import deliveryPhotoRoutes from './delivery/delivery-photo.routes.ts';
import eventsRoutes from './events/events.routes.ts';
import pushRoutes from './notifications/push.routes.ts';
import mediaRoutes from './public/media.routes.ts';
import riderRoutes from './rider/rider.routes.ts';

export async function registerRoutes(app: App) {
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(mediaRoutes);
  await app.register(eventsRoutes);
  await app.register(riderRoutes, { prefix: '/api/rider' });
  await app.register(deliveryPhotoRoutes);
  await app.register(pushRoutes, { prefix: '/api/notifications' });
  await app.register(adminRiderEarningsRoutes, { prefix: '/api/admin' });
}
