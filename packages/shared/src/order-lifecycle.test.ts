/**
 * The order transition table, cell by cell: every status × action × actor is checked against the
 * list written out below, so a change to who may do what shows up here as a failing cell.
 */
import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  ORDER_ACTIONS,
  ORDER_ACTORS,
  orderMay,
  orderRefusal,
  PAYMENT_ACTIONS,
  PAYMENT_TRANSITIONS,
  paymentMay,
} from './order-lifecycle.ts';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './status.ts';

/** Every allowed cell as "action actor status"; everything else must be refused. */
const ALLOWED = new Set([
  // A trade buyer's order held over their limit: the business approves or declines it, the buyer may
  // withdraw it, the shop may cancel it, the server declines it when nobody decided in time.
  'approve approver awaiting_approval',
  'cancel approver awaiting_approval',
  'cancel customer awaiting_approval',
  'cancel admin awaiting_approval',
  'cancel system awaiting_approval',
  'assign admin pending',
  'assign system pending',
  'decline rider assigned',
  'unassign admin assigned',
  'unassign system assigned',
  'pickup rider assigned',
  'deliver rider picked_up',
  'cancel customer pending',
  'cancel rider assigned',
  'cancel rider picked_up',
  'cancel admin pending',
  'cancel admin assigned',
  'cancel admin picked_up',
  'cancel system pending',
  'cancel system assigned',
  'mark_ready outlet pending',
  'mark_ready outlet assigned',
  'confirm_return outlet cancelled',
]);

/** Facts that pass every extra rule, so this table tests the status and the actor alone. */
const open = (status: string) => ({
  status,
  paymentStatus: 'pending',
  paymentMethod: 'cash_on_delivery',
  readyAt: null,
  pickedUpAt: status === 'cancelled' ? '2026-11-25T10:00:00Z' : null,
  goodsReturnedAt: null,
});

describe('order transition table', () => {
  for (const status of ORDER_STATUSES)
    for (const action of ORDER_ACTIONS)
      for (const actor of ORDER_ACTORS) {
        const expected = ALLOWED.has(`${action} ${actor} ${status}`);
        it(`${actor} ${expected ? 'may' : 'may not'} ${action} a ${status} order`, () => {
          expect(orderMay(action, actor, open(status))).toBe(expected);
          if (!expected) expect(orderRefusal(action, actor, open(status))).toMatch(/\S/);
        });
      }

  it('never lets anyone move a delivered order', () => {
    for (const actor of ORDER_ACTORS) expect(allowedActions(actor, open('delivered'))).toEqual([]);
  });

  it('lets a customer cancel only an unpaid pending order', () => {
    expect(orderMay('cancel', 'customer', { status: 'pending', paymentStatus: 'failed' })).toBe(true);
    expect(orderMay('cancel', 'customer', { status: 'pending', paymentStatus: 'paid' })).toBe(false);
    expect(orderMay('cancel', 'customer', { status: 'pending', paymentStatus: 'partially_refunded' })).toBe(false);
    expect(orderRefusal('cancel', 'customer', { status: 'pending', paymentStatus: 'paid' })).toBe(
      'This order has been paid. Please contact support to cancel it.',
    );
    // An admin cancels a paid order (the refund follows).
    expect(orderMay('cancel', 'admin', { status: 'pending', paymentStatus: 'paid' })).toBe(true);
  });

  it('assigns only orders that can go out: paid, or cash on delivery', () => {
    expect(orderMay('assign', 'admin', { status: 'pending', paymentStatus: 'pending', paymentMethod: 'card' })).toBe(false);
    expect(orderMay('assign', 'admin', { status: 'pending', paymentStatus: 'paid', paymentMethod: 'card' })).toBe(true);
    expect(orderMay('assign', 'system', { status: 'pending', paymentStatus: 'failed', paymentMethod: 'cash_on_delivery' })).toBe(false);
  });

  it('marks ready once, before pickup', () => {
    expect(orderMay('mark_ready', 'outlet', { status: 'assigned', readyAt: '2026-11-25T10:00:00Z' })).toBe(false);
    expect(orderRefusal('mark_ready', 'outlet', { status: 'assigned', readyAt: '2026-11-25T10:00:00Z' })).toBe(
      'This order is already marked ready for pickup.',
    );
  });

  it('confirms the return of goods only for an order cancelled after pickup, once', () => {
    const at = '2026-11-25T10:00:00Z';
    expect(orderMay('confirm_return', 'outlet', { status: 'cancelled', pickedUpAt: null })).toBe(false);
    expect(orderMay('confirm_return', 'outlet', { status: 'cancelled', pickedUpAt: at, goodsReturnedAt: at })).toBe(false);
    expect(orderMay('confirm_return', 'outlet', { status: 'cancelled', pickedUpAt: at, goodsReturnedAt: null })).toBe(true);
    expect(orderMay('confirm_return', 'admin', { status: 'cancelled', pickedUpAt: at, goodsReturnedAt: null })).toBe(false);
  });

  it('sends a picked-up order nowhere but delivered or cancelled', () => {
    expect(orderRefusal('unassign', 'admin', { status: 'picked_up' })).toBe(
      'The rider has picked this order up: it can no longer go back to the queue. Cancel it instead.',
    );
  });
});

const PAYMENT_ALLOWED = new Set([
  'confirm system pending',
  'confirm system failed',
  'fail system pending',
  'expire system pending',
  'expire system failed',
  'reverse system paid',
  'refund_partial admin pending',
  'refund_partial system pending',
  'refund_full admin pending',
  'refund_full system pending',
  'refund_partial admin paid',
  'refund_partial admin partially_refunded',
  'refund_partial system paid',
  'refund_partial system partially_refunded',
  'refund_full admin paid',
  'refund_full admin partially_refunded',
  'refund_full system paid',
  'refund_full system partially_refunded',
]);

describe('payment transition table', () => {
  for (const status of PAYMENT_STATUSES)
    for (const action of PAYMENT_ACTIONS)
      for (const actor of ORDER_ACTORS) {
        const expected = PAYMENT_ALLOWED.has(`${action} ${actor} ${status}`);
        it(`${actor} ${expected ? 'may' : 'may not'} ${action} a payment that is ${status}`, () => {
          expect(paymentMay(action, actor, status)).toBe(expected);
        });
      }

  it('ends refunds and reversals at refunded, and confirmation at paid', () => {
    expect(PAYMENT_TRANSITIONS.refund_full.to).toBe('refunded');
    expect(PAYMENT_TRANSITIONS.reverse.to).toBe('refunded');
    expect(PAYMENT_TRANSITIONS.refund_partial.to).toBe('partially_refunded');
    expect(PAYMENT_TRANSITIONS.confirm.to).toBe('paid');
  });
});
