/**
 * The staff-roles migration on a shop from before roles: every admin becomes an Owner (nobody loses
 * the back office), customers stay customers, and the built-in roles exist.
 */
import { describe, expect, it } from 'vitest';
import { migratedUntil } from './fixtures/migrated-until.ts';

describe('moving admins to staff roles', () => {
  it('makes every admin an Owner and leaves everyone else without a staff role', async () => {
    const { client, migrateRest, close } = await migratedUntil('0020');
    try {
      await client.exec(`
        INSERT INTO "user" (id, name, email) VALUES
          ('a1', 'First Admin', 'a1@example.com'), ('a2', 'Second Admin', 'a2@example.com'), ('c1', 'A Customer', 'c1@example.com');
        INSERT INTO users (id, email, full_name, is_admin) VALUES
          ('a1', 'a1@example.com', 'First Admin', true), ('a2', 'a2@example.com', 'Second Admin', true),
          ('c1', 'c1@example.com', 'A Customer', false);
      `);

      await migrateRest();

      const people = await client.query<{ id: string; is_admin: boolean; staff_role_id: string | null }>(
        'SELECT id, is_admin, staff_role_id FROM users ORDER BY id',
      );
      expect(people.rows).toEqual([
        { id: 'a1', is_admin: true, staff_role_id: 'owner' },
        { id: 'a2', is_admin: true, staff_role_id: 'owner' },
        { id: 'c1', is_admin: false, staff_role_id: null },
      ]);
      const roles = await client.query<{ id: string; name: string; built_in: boolean; two_factor: boolean }>(
        'SELECT id, name, built_in, two_factor FROM staff_roles ORDER BY id',
      );
      expect(roles.rows).toEqual([
        { id: 'accountant', name: 'Accountant', built_in: true, two_factor: true },
        { id: 'catalog', name: 'Catalog editor', built_in: true, two_factor: false },
        { id: 'dispatcher', name: 'Dispatcher', built_in: true, two_factor: false },
        { id: 'manager', name: 'Manager', built_in: true, two_factor: false },
        { id: 'owner', name: 'Owner', built_in: true, two_factor: true },
        { id: 'support', name: 'Customer support', built_in: true, two_factor: false },
      ]);
      // Nobody's sign-in changes: two-step sign-in is off until each person sets it up.
      const twoFactor = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM "user" WHERE two_factor_enabled');
      expect(twoFactor.rows[0]!.n).toBe(0);
      // A role in use cannot be deleted from under its people.
      await expect(client.query(`DELETE FROM staff_roles WHERE id = 'owner'`)).rejects.toThrow(/foreign key/);
    } finally {
      await close();
    }
  });
});
