/** /cart: line items, steppers, remove, coupon, summary, Proceed to Checkout. */
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft, ArrowRight, ShoppingBag } from 'lucide-react';
import { Link } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { CartLineItem } from '@/features/cart/components/cart-line-item';
import { CouponForm } from '@/features/cart/components/coupon-form';
import { OrderSummary } from '@/features/cart/components/order-summary';
import { useCartSummary } from '@/features/cart/hooks/use-cart-summary';
import { paths } from '@/lib/paths';
import { cartLineKey, useShopStore } from '@/stores/shop-store';
import { PageHeader } from './page-header';

export function CartScreen() {
  const summary = useCartSummary();
  const clearCart = useShopStore((s) => s.clearCart);
  const { t } = useLingui();

  if (summary.cart.length === 0) {
    return (
      <>
        <PageHeader eyebrow={t`Cart`} title={t`Shopping Cart`} />
        <div className="container-page py-10 sm:py-14">
          <Card>
            <EmptyState
              icon={ShoppingBag}
              title={t`Your cart is empty`}
              description={t`Premium sausages, cold cuts and fresh cuts are a tap away.`}
              action={
                <Button asChild size="lg">
                  <Link to={paths.products}>
                    <Trans>Start Shopping</Trans>
                  </Link>
                </Button>
              }
            />
          </Card>
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader
        eyebrow={t`Cart`}
        title={t`Shopping Cart`}
        description={
          summary.count === 1 ? t`1 item ready for delivery in Kampala.` : t`${summary.count} items ready for delivery in Kampala.`
        }
      />
      <div className="container-page grid gap-6 py-8 sm:py-12 lg:grid-cols-[1fr_380px] lg:items-start">
        <Card>
          <CardContent>
            <ul className="divide-y divide-line">
              {summary.cart.map((line) => (
                <CartLineItem key={cartLineKey(line)} line={line} />
              ))}
            </ul>
            {/* The ghost buttons' padding hangs outside the row so their words line up with the items above. */}
            <div className="mt-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-t border-line pt-4">
              <Button asChild variant="ghost" className="-ml-5">
                <Link to={paths.products}>
                  <ArrowLeft className="size-4" aria-hidden="true" />
                  <Trans>Continue Shopping</Trans>
                </Link>
              </Button>
              <Button variant="ghost" className="-mr-5 ml-auto text-muted" onClick={clearCart}>
                <Trans>Clear cart</Trans>
              </Button>
            </div>
          </CardContent>
        </Card>

        <Card className="lg:sticky lg:top-24">
          <CardContent className="space-y-6">
            <h2 className="font-display text-xl font-semibold text-ink">
              <Trans>Order Summary</Trans>
            </h2>
            <CouponForm items={summary.items} />
            <OrderSummary {...summary} />
            <Button asChild size="lg" className="w-full">
              <Link to={paths.checkout}>
                <Trans>Proceed to Checkout</Trans>
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
