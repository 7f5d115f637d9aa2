/** Every area's routes, each under its prefix and behind its gate. */
import type { App } from '../app.ts';
import authRoutes from './auth/auth.routes.ts';
import mediaRoutes from './public/media.routes.ts';
import paymentsRoutes from './payments/payments.routes.ts';
import simulatorRoutes from './payments/simulator.routes.ts';

export async function registerRoutes(app: App) {
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(mediaRoutes);
  await app.register(paymentsRoutes, { prefix: '/api/payments' });
  if (app.deps.payments.name === 'simulator') await app.register(simulatorRoutes);
}
