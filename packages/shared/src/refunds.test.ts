import { describe, expect, it } from 'vitest';
import { customerRefundState, mayRefund, REFUND_METHODS, REFUND_STATES, refundNextStep } from './refunds.ts';

describe('the refund steps a person can take', () => {
  it('every state × method × cash-off-collection has exactly the one step the server accepts', () => {
    const table = REFUND_STATES.flatMap((state) =>
      REFUND_METHODS.flatMap((method) =>
        [false, true].map(
          (reducesCollection) => `${state}/${method}/${reducesCollection}: ${refundNextStep({ state, method, reducesCollection })}`,
        ),
      ),
    );
    // Requested: a provider refund is sent again, cash is paid back (not cash taken off a delivery,
    // which is done at once); sent: checked with the provider. Nothing else has a step.
    expect(table.filter((l) => !l.endsWith('null'))).toEqual([
      'requested/mobile_money/false: send',
      'requested/card/false: send',
      'requested/cash/false: cash_paid',
      'sent/mobile_money/false: check',
      'sent/mobile_money/true: check',
      'sent/card/false: check',
      'sent/card/true: check',
      'sent/cash/false: check',
      'sent/cash/true: check',
    ]);
  });

  it('an order takes a refund while money was taken or cash is still to collect', () => {
    expect(mayRefund({ status: 'pending', paymentStatus: 'paid', paymentMethod: 'card' })).toBe(true);
    expect(mayRefund({ status: 'cancelled', paymentStatus: 'partially_refunded', paymentMethod: 'mtn_money' })).toBe(true);
    expect(mayRefund({ status: 'pending', paymentStatus: 'pending', paymentMethod: 'card' })).toBe(false);
    expect(mayRefund({ status: 'delivered', paymentStatus: 'refunded', paymentMethod: 'card' })).toBe(false);
    expect(mayRefund({ status: 'assigned', paymentStatus: 'pending', paymentMethod: 'cash_on_delivery' })).toBe(true);
    expect(mayRefund({ status: 'cancelled', paymentStatus: 'pending', paymentMethod: 'cash_on_delivery' })).toBe(false);
  });

  it('the customer reads where the money goes', () => {
    expect(customerRefundState({ state: 'completed', method: 'mobile_money' }).detail).toBe('Sent back to your mobile money');
    expect(customerRefundState({ state: 'requested', method: 'cash' }).label).toBe('Ready to collect');
    expect(customerRefundState({ state: 'sent', method: 'card' }).label).toBe('On its way');
  });
});
