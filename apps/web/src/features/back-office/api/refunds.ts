/** An order's refunds in the back office: the list with what is left, a new refund, and the steps after. */
import type { AdminOrder } from '@meatshop/shared/admin-orders';
import type { AdminOrderRefunds, AdminRefund, AdminRefundInput, RefundStep } from '@meatshop/shared/refunds';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

const refundsKey = (orderId: string) => [...adminKeys.orders, orderId, 'refunds'] as const;

export const useOrderRefunds = (orderId: string) =>
  useQuery({ queryKey: refundsKey(orderId), queryFn: () => api.get<AdminOrderRefunds>(`/api/admin/orders/${orderId}/refunds`) });

/**
 * After a refund moves, the order's refunds and the order itself (its payment status) are read
 * again; the order comes back for the open dialog.
 */
function useRefundChanged(orderId: string) {
  const qc = useQueryClient();
  return async () => {
    await Promise.all([adminKeys.orders, adminKeys.dashboard].map((queryKey) => qc.invalidateQueries({ queryKey })));
    return api.get<AdminOrder>(`/api/admin/orders/${orderId}`);
  };
}

export function useRequestRefund(orderId: string) {
  const changed = useRefundChanged(orderId);
  return useMutation({
    mutationFn: async (input: AdminRefundInput) => {
      const refund = await api.post<AdminRefund>(`/api/admin/orders/${orderId}/refunds`, input);
      return { refund, order: await changed() };
    },
  });
}

const STEP_PATH: Record<RefundStep, string> = { send: 'send', check: 'check', cash_paid: 'cash-paid' };

/** Send again, Check status, Record cash paid back: each answers with the refund as it now is. */
export function useRefundStep(orderId: string) {
  const changed = useRefundChanged(orderId);
  return useMutation({
    mutationFn: async ({ refundId, step, outletId }: { refundId: string; step: RefundStep; outletId?: string }) => {
      const refund = await api.post<AdminRefund>(
        `/api/admin/refunds/${refundId}/${STEP_PATH[step]}`,
        step === 'cash_paid' ? { outletId } : undefined,
      );
      return { refund, order: await changed() };
    },
  });
}
