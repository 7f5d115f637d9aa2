import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../platform/errors.ts';
import { registerErrorHandler } from '../platform/error-handler.ts';
import { checkErrorsAreDocumented, documentedErrors } from './api-errors.ts';

describe('documented errors', () => {
  it('follow from the input, access, parameters and method, plus what the route names', () => {
    const read = documentedErrors({ method: 'GET', url: '/api/products', schema: {}, config: { access: 'visitor' } });
    expect([...read.keys()].sort()).toEqual([500, 503]);
    const write = documentedErrors({
      method: 'POST',
      url: '/api/orders',
      schema: { body: {} },
      config: { access: 'customer', errors: ['OUT_OF_STOCK', 'RATE_LIMITED'] },
    });
    expect(write.get(409)).toEqual(['CONFLICT', 'OUT_OF_STOCK']);
    expect(write.get(429)).toEqual(['RATE_LIMITED']);
    expect(write.get(403)).toEqual(['FORBIDDEN', 'PROFILE_NOT_FOUND']);
    expect(write.get(401)).toEqual(['UNAUTHENTICATED']);
    const staff = documentedErrors({ method: 'GET', url: '/api/admin/orders/:id', config: { access: 'admin', permission: 'orders.read' } });
    expect(staff.get(403)).toEqual(['FORBIDDEN']);
    expect(staff.get(404)).toEqual(['NOT_FOUND']);
  });

  it('under test, turn a refusal the route does not name into a 500 that says which', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    checkErrorsAreDocumented(app);
    app.post('/api/named', { config: { errors: ['OUT_OF_STOCK'] } }, async () => {
      throw new AppError('OUT_OF_STOCK', 'Goat is out of stock.');
    });
    app.post('/api/unnamed', async () => {
      throw new AppError('OUT_OF_STOCK', 'Goat is out of stock.');
    });
    app.post('/api/generic', async () => {
      throw new AppError('CONFLICT', 'Already done.');
    });
    const named = await app.inject({ method: 'POST', url: '/api/named' });
    expect(named.statusCode).toBe(409);
    expect(named.json().error.code).toBe('OUT_OF_STOCK');
    const generic = await app.inject({ method: 'POST', url: '/api/generic' });
    expect(generic.statusCode).toBe(409);
    const unnamed = await app.inject({ method: 'POST', url: '/api/unnamed' });
    expect(unnamed.statusCode).toBe(500);
    expect(unnamed.json().error.message).toBe(
      "Undocumented error answer 409 OUT_OF_STOCK from POST /api/unnamed: name it in the route's config.errors",
    );
    await app.close();
  });
});
