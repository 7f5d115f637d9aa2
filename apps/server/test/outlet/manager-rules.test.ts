/**
 * What only an outlet manager (or an admin) may do, and where even a manager stops: staff roles and
 * access (no new managers, other managers left alone, an admin's deactivation stays), and riders' cash
 * hand-overs (recorded by a manager, dated today or up to 7 days back, corrected by a reversal only).
 */
import type { RiderCash } from '@meatshop/shared/cash';
import { kampalaDate } from '@meatshop/shared/delivery-slots';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryRiders, employeeRoles, outletEmployees } from '../../src/db/schema/accounts.ts';
import { cashHandovers } from '../../src/db/schema/delivery-ops.ts';
import { ACCOUNTS } from '../../src/seed/demo-data.ts';
import { createEmployee, HOME_OUTLET, OTHER_OUTLET, outletIdByName } from '../fixtures/outlet-orders.ts';
import { createTestApp, drivers, loginAs, ORIGIN, type TestContext } from '../helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(drivers)('outlet manager rules on %s', (driver) => {
  let t: TestContext;
  let manager: string;
  let admin: string;
  let homeId: string;
  let riderId: string;
  let cashier: Awaited<ReturnType<typeof createEmployee>>;
  let packer: Awaited<ReturnType<typeof createEmployee>>;
  let coManager: Awaited<ReturnType<typeof createEmployee>>;
  let otherManager: Awaited<ReturnType<typeof createEmployee>>;
  let roleId: (name: string) => Promise<number>;

  beforeAll(async () => {
    t = await createTestApp(driver);
    const db = t.database.db;
    homeId = await outletIdByName(db, HOME_OUTLET);
    manager = await loginAs(t.app, 'outlet');
    admin = await loginAs(t.app, 'admin');
    const staff = (email: string, role: string, outletId = homeId) =>
      createEmployee(t.app, db, { email, fullName: `${role} ${email.split('@')[0]}`, phone: '0772555333', outletId, role });
    cashier = await staff('mr-cashier@shop.test', 'Cashier');
    packer = await staff('mr-packer@shop.test', 'Packer');
    coManager = await staff('mr-co-manager@shop.test', 'Manager');
    otherManager = await staff('mr-other-manager@shop.test', 'Manager', await outletIdByName(db, OTHER_OUTLET));
    const [r] = await db.select().from(deliveryRiders).where(eq(deliveryRiders.email, ACCOUNTS.rider.email));
    riderId = r!.id;
    roleId = async (name) => (await db.select().from(employeeRoles).where(eq(employeeRoles.name, name)))[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const send = (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie, origin: ORIGIN } });
  const staffRow = async (id: string) => (await t.database.db.select().from(outletEmployees).where(eq(outletEmployees.id, id)))[0]!;

  describe('staff roles', () => {
    it('does not let a manager make anyone a manager, and does not offer the role', async () => {
      const list = (await get('/api/outlet/staff', manager)).json();
      expect(list.roles.map((r: { name: string }) => r.name)).not.toContain('Manager');
      const res = await send('PATCH', `/api/outlet/staff/${cashier.employeeId}`, manager, { roleId: await roleId('Manager') });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toMatch(/Only an administrator can make someone a manager/);
      expect((await staffRow(cashier.employeeId)).roleId).toBe(await roleId('Cashier'));
    });

    it('does not let a manager demote or deactivate another manager, and says so in the list', async () => {
      const demote = await send('PATCH', `/api/outlet/staff/${coManager.employeeId}`, manager, { roleId: await roleId('Packer') });
      expect(demote.statusCode).toBe(403);
      const off = await send('PATCH', `/api/outlet/staff/${coManager.employeeId}`, manager, { isActive: false });
      expect(off.statusCode).toBe(403);
      const row = await staffRow(coManager.employeeId);
      expect(row).toMatchObject({ isActive: true, roleId: await roleId('Manager') });
      const list = (await get('/api/outlet/staff', manager)).json();
      const canChange = Object.fromEntries(list.staff.map((s: { email: string; canChange: boolean }) => [s.email, s.canChange]));
      expect(canChange).toMatchObject({ 'mr-co-manager@shop.test': false, 'outlet@shop.test': false, 'mr-cashier@shop.test': true });
    });

    it('does not let a manager re-activate an employee an admin deactivated; the admin can', async () => {
      const byAdmin = await send('PATCH', `/api/admin/employees/${packer.employeeId}/active`, admin, { isActive: false });
      expect(byAdmin.statusCode).toBe(200);
      const listed = (await get('/api/outlet/staff', manager)).json().staff.find((s: { id: string }) => s.id === packer.employeeId);
      expect(listed).toMatchObject({ isActive: false, deactivatedByAdmin: true });

      const back = await send('PATCH', `/api/outlet/staff/${packer.employeeId}`, manager, { isActive: true });
      expect(back.statusCode).toBe(403);
      expect(back.json().error.message).toMatch(/administrator deactivated/);
      expect((await staffRow(packer.employeeId)).isActive).toBe(false);

      expect((await send('PATCH', `/api/admin/employees/${packer.employeeId}/active`, admin, { isActive: true })).statusCode).toBe(200);
      expect((await staffRow(packer.employeeId)).isActive).toBe(true);
    });

    it('lets a manager switch a colleague off and on again, and an admin make a manager', async () => {
      const off = await send('PATCH', `/api/outlet/staff/${packer.employeeId}`, manager, { isActive: false });
      expect(off.json()).toMatchObject({ isActive: false, deactivatedByAdmin: false });
      const on = await send('PATCH', `/api/outlet/staff/${packer.employeeId}`, manager, { isActive: true });
      expect(on.statusCode).toBe(200);
      expect(on.json().isActive).toBe(true);

      const promoted = await send('PUT', `/api/admin/employees/${packer.employeeId}`, admin, {
        outletId: homeId,
        roleId: await roleId('Manager'),
      });
      expect(promoted.statusCode).toBe(200);
      expect(promoted.json().role.name).toBe('Manager');
    });
  });

  describe('cash hand-overs', () => {
    const handover = (cookie: string, payload: object, area: 'outlet' | 'admin' = 'outlet') =>
      send('POST', `/api/${area}/cash/handovers`, cookie, { riderId, ...payload });
    const reverse = (cookie: string, id: string, payload: object, area: 'outlet' | 'admin' = 'outlet') =>
      send('POST', `/api/${area}/cash/handovers/${id}/reverse`, cookie, payload);
    const daysAgo = (n: number) => kampalaDate(new Date(Date.now() - n * DAY));
    const shiftOf = (cash: RiderCash, date: string) => cash.shifts.find((s) => s.date === date)!;

    it('lets only the manager record a hand-over; other staff see the cash but no button', async () => {
      expect((await get('/api/outlet/cash', manager)).json().canRecord).toBe(true);
      expect((await get('/api/admin/cash', admin)).json().canRecord).toBe(true);
      const asCashier = await get('/api/outlet/cash', cashier.cookie);
      expect(asCashier.statusCode).toBe(200);
      expect(asCashier.json().canRecord).toBe(false);

      const entries = async () => (await t.database.db.select().from(cashHandovers)).length;
      const before = await entries();
      const refused = await handover(cashier.cookie, { amount: 10_000 });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toMatch(/outlet manager/);
      expect(await entries()).toBe(before);
      expect((await handover(manager, { amount: 10_000 })).statusCode).toBe(201);
      expect(await entries()).toBe(before + 1);
    });

    it('takes hand-overs for today and up to 7 days back, never the future or earlier', async () => {
      expect((await handover(manager, { amount: 1_000, shiftDate: daysAgo(7) })).statusCode).toBe(201);
      const old = await handover(manager, { amount: 1_000, shiftDate: daysAgo(8) });
      expect(old.statusCode).toBe(400);
      expect(old.json().error.fields.shiftDate).toMatch(/up to 7 days back/);
      expect((await handover(admin, { amount: 1_000, shiftDate: daysAgo(30) }, 'admin')).statusCode).toBe(400);
      expect((await handover(manager, { amount: 1_000, shiftDate: kampalaDate(new Date(Date.now() + DAY)) })).statusCode).toBe(400);
      expect((await handover(manager, { amount: 1_000, shiftDate: '2026-02-31' })).statusCode).toBe(400);
    });

    it('corrects a wrong hand-over with a reversing entry and a reason, never by editing it', async () => {
      const date = daysAgo(1);
      const wrong = await handover(manager, { amount: 50_000, shiftDate: date, note: 'Typed one zero too many' });
      expect(wrong.statusCode).toBe(201);
      const before = shiftOf(wrong.json(), date);
      const original = before.handovers.find((h) => h.amount === 50_000)!;

      expect((await reverse(manager, original.id, { reason: '' })).statusCode).toBe(400);
      expect((await reverse(cashier.cookie, original.id, { reason: 'Wrong amount' })).statusCode).toBe(403);
      expect((await reverse(otherManager.cookie, original.id, { reason: 'Wrong amount' })).statusCode).toBe(404);

      const res = await reverse(manager, original.id, { reason: 'Wrong amount: it was 5,000' });
      expect(res.statusCode).toBe(201);
      const after = shiftOf(res.json(), date);
      expect(after.handedOver).toBe(before.handedOver - 50_000);
      const kept = after.handovers.find((h) => h.id === original.id)!;
      const reversal = after.handovers.find((h) => h.reversesId === original.id)!;
      expect(kept).toMatchObject({ amount: 50_000, reversedById: reversal.id });
      expect(reversal).toMatchObject({ amount: -50_000, reason: 'Wrong amount: it was 5,000' });

      // Once only, and a reversal is not itself reversed.
      expect((await reverse(manager, original.id, { reason: 'Again' })).statusCode).toBe(409);
      expect((await reverse(admin, reversal.id, { reason: 'Undo' }, 'admin')).statusCode).toBe(409);
      // No way to edit or delete an entry.
      expect((await send('PATCH', `/api/outlet/cash/handovers/${original.id}`, manager, { amount: 5_000 })).statusCode).toBe(404);
      expect((await send('DELETE', `/api/outlet/cash/handovers/${original.id}`, manager)).statusCode).toBe(404);
      const [row] = await t.database.db.select().from(cashHandovers).where(eq(cashHandovers.id, original.id));
      expect(row!.amount).toBe(50_000);
    });

    it('lets an admin reverse a hand-over recorded at any outlet', async () => {
      const res = await handover(manager, { amount: 3_000 });
      const h = shiftOf(res.json(), kampalaDate(new Date())).handovers.find((x) => x.amount === 3_000 && !x.reversedById)!;
      const reversed = await reverse(admin, h.id, { reason: 'Recorded twice' }, 'admin');
      expect(reversed.statusCode).toBe(201);
      expect((await reverse(admin, '00000000-0000-4000-8000-000000000000', { reason: 'Nothing' }, 'admin')).statusCode).toBe(404);
    });
  });
});
