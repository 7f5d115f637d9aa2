/** Every area's routes, each under its prefix and behind its gate. */
import type { App } from '../app.ts';
import authRoutes from './auth/auth.routes.ts';
import paymentsRoutes from './payments/payments.routes.ts';
import simulatorRoutes from './payments/simulator.routes.ts';
import catalogRoutes from './public/catalog.routes.ts';
import mediaRoutes from './public/media.routes.ts';
import siteRoutes from './public/site.routes.ts';

export async function registerRoutes(app: App) {
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(mediaRoutes);
  await app.register(catalogRoutes);
  await app.register(siteRoutes);
  await app.register(paymentsRoutes, { prefix: '/api/payments' });
  if (app.deps.payments.name === 'simulator') await app.register(simulatorRoutes);
}
