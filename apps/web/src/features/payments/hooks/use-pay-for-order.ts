/**
 * Sends the customer to pay for an order placed with mobile money or card: asks the server for a
 * payment page, then clears the cart and leaves for it. On failure the cart stays, the order stays
 * pending, and a toast says why.
 */
import { PAYMENT_MESSAGES } from '@meatshop/shared/payments';
import { toast } from '@/lib/toast';
import { useShopStore } from '@/stores/shop-store';
import { useInitiatePayment } from '../api/initiate-payment';
import { initiateErrorMessage, MissingPaymentUrlError } from '@/lib/payment-messages';

export function usePayForOrder() {
  const mutation = useInitiatePayment();
  const clearCart = useShopStore((s) => s.clearCart);

  async function payForOrder(orderId: string): Promise<boolean> {
    try {
      const result = await mutation.mutateAsync({ orderId });
      if (!result?.paymentUrl) throw new MissingPaymentUrlError();
      clearCart();
      window.location.assign(result.paymentUrl);
      return true;
    } catch (err) {
      toast.error(PAYMENT_MESSAGES.initiateFailed, { description: initiateErrorMessage(err) });
      return false;
    }
  }

  // Stays pending after success too: the page is leaving for the payment page.
  return { payForOrder, isPending: mutation.isPending || mutation.isSuccess };
}
