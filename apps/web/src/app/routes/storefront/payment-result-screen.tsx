/**
 * /orders/confirm: where the payment page sends the customer back, with OrderTrackingId and
 * OrderMerchantReference. Shows Verifying Payment, then Payment Successful or Payment Failed.
 */
import { useLingui } from '@lingui/react/macro';
import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { PaymentFailed, PaymentSuccessful, VerifyingPayment } from '@/features/payments/components/payment-result-card';
import { usePayForOrder } from '@/features/payments/hooks/use-pay-for-order';
import { usePaymentResult } from '@/features/payments/hooks/use-payment-result';

export function PaymentResultScreen() {
  const { t } = useLingui();
  const result = usePaymentResult();
  const { payForOrder, isPending: isPayingAgain } = usePayForOrder();
  // A declined or cancelled payment leaves the order unpaid: the customer can try again at once.
  const failedPayment = result.state === 'failed' && !result.canRetry ? result.payment : undefined;
  return (
    <div className="bg-cream-deep/60">
      <div className="container-page py-10 sm:py-16">
        {result.state === 'verifying' ? <VerifyingPayment /> : null}
        {result.state === 'sign-in' ? (
          <SignInPrompt
            title={t`Sign in to check your payment`}
            description={t`Your payment is safe. Sign in with the account you ordered with to see its result.`}
          />
        ) : null}
        {result.state === 'success' ? <PaymentSuccessful payment={result.payment} /> : null}
        {result.state === 'failed' ? (
          <PaymentFailed
            message={result.message}
            payment={result.payment}
            onRetry={result.canRetry ? result.retry : undefined}
            isRetrying={result.isRetrying}
            onPayAgain={failedPayment ? () => void payForOrder(failedPayment.orderId) : undefined}
            isPayingAgain={isPayingAgain}
          />
        ) : null}
      </div>
    </div>
  );
}
