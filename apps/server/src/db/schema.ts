/** The whole schema, for drizzle's client and relational queries. */
export * from './schema/accounts.ts';
export * from './schema/auth.ts';
export * from './schema/catalog.ts';
export * from './schema/reviews.ts';
export * from './schema/delivery.ts';
export * from './schema/delivery-ops.ts';
export * from './schema/notifications.ts';
export * from './schema/orders.ts';
export * from './schema/outlets.ts';
export * from './schema/payment-simulator.ts';
export * from './schema/stock.ts';
export * from './schema/zones.ts';
export * from './schema/tracking.ts';
export * from './schema/reports.ts';
export * from './schema/refunds.ts';
export * from './schema/order-edits.ts';
export * from './schema/payment-checks.ts';
