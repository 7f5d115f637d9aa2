/** /api/account: the signed-in customer's profile and saved delivery addresses. */
import { Profile, ProfileUpdateInput, SavedAddress, SavedAddressInput, SavedAddressList } from '@meatshop/shared/account';
import type { App } from '../../app-types.ts';
import { defaultAccess, requireActor } from '../../modules/accounts/access.ts';
import { getProfile, listSavedAddresses, saveAddress, updateProfile } from '../../modules/accounts/profile.service.ts';

export default async function accountRoutes(app: App) {
  defaultAccess(app, 'customer');
  const { db } = app.deps;

  app.get('/profile', { schema: { tags: ['account'], response: { 200: Profile } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return getProfile(db, (await requireActor(req)).userId);
  });

  app.put('/profile', { schema: { tags: ['account'], body: ProfileUpdateInput, response: { 200: Profile } } }, async (req) =>
    updateProfile(db, (await requireActor(req)).userId, req.body),
  );

  app.get('/addresses', { schema: { tags: ['account'], response: { 200: SavedAddressList } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return { addresses: await listSavedAddresses(db, (await requireActor(req)).userId) };
  });

  app.post('/addresses', { schema: { tags: ['account'], body: SavedAddressInput, response: { 201: SavedAddress } } }, async (req, reply) =>
    reply.code(201).send(await saveAddress(db, (await requireActor(req)).userId, req.body)),
  );
}
