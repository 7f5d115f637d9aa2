/** Every area's routes, each under its prefix and behind its gate. */
import type { App } from '../app-types.ts';
import accountRoutes from './account/account.routes.ts';
import adminRoutes from './admin/admin.routes.ts';
import authRoutes from './auth/auth.routes.ts';
import outletRoutes from './outlet/outlet.routes.ts';
import paymentsRoutes from './payments/payments.routes.ts';
import simulatorRoutes from './payments/simulator.routes.ts';
import catalogRoutes from './public/catalog.routes.ts';
import couponRoutes from './account/coupons.routes.ts';
import deliveryPhotoRoutes from './delivery/delivery-photo.routes.ts';
import trackingRoutes from './delivery/tracking.routes.ts';
import eventsRoutes from './events/events.routes.ts';
import geoRoutes from './public/geo.routes.ts';
import deliveryFeeRoutes from './public/delivery-fee.routes.ts';
import deliverySlotsRoutes from './public/delivery-slots.routes.ts';
import mediaRoutes from './public/media.routes.ts';
import orderRoutes from './account/orders.routes.ts';
import publicConfigRoutes from './public/config.routes.ts';
import pushRoutes from './notifications/push.routes.ts';
import receiptRoutes from './receipts/receipts.routes.ts';
import riderRoutes from './rider/rider.routes.ts';
import shopInfoRoutes from './public/shop-info.routes.ts';
import siteRoutes from './public/site.routes.ts';

export async function registerRoutes(app: App) {
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(outletRoutes, { prefix: '/api/outlet' });
  await app.register(mediaRoutes);
  await app.register(catalogRoutes);
  await app.register(siteRoutes);
  await app.register(orderRoutes, { prefix: '/api/orders' });
  await app.register(couponRoutes, { prefix: '/api/coupons' });
  await app.register(accountRoutes, { prefix: '/api/account' });
  await app.register(geoRoutes, { prefix: '/api/geo' });
  await app.register(publicConfigRoutes, { prefix: '/api/config' });
  await app.register(paymentsRoutes, { prefix: '/api/payments' });
  if (app.deps.payments?.name === 'simulator') await app.register(simulatorRoutes);
  await app.register(eventsRoutes);
  await app.register(riderRoutes, { prefix: '/api/rider' });
  await app.register(deliveryPhotoRoutes);
  await app.register(trackingRoutes);
  await app.register(receiptRoutes);
  await app.register(pushRoutes, { prefix: '/api/notifications' });
  await app.register(deliveryFeeRoutes);
  await app.register(deliverySlotsRoutes);
  await app.register(shopInfoRoutes);
}
