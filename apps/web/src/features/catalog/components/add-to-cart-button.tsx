/**
 * Add to Cart on a product card: a visitor gets the sign-in dialog holding the
 * product, which is added once they sign in; a signed-in shopper adds one; a product already in the
 * cart reads "Already in cart"; stock 0 reads "Out of Stock"; all disabled states are real buttons.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { Product } from '@meatshop/shared/catalog';
import { defaultAmount } from '@meatshop/shared/weighing-rules';
import { Check, ShoppingCart } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useSignInDialog } from '@/features/auth/hooks/use-sign-in-dialog';
import { useShopStore } from '@/stores/shop-store';

/** A weighed product goes in at its default amount (1 kg when offered) from a card; the product page lets the customer choose. */
export function toCartProduct(p: Product, grams?: number) {
  const base = { productId: p.id, name: p.name, price: p.price, discountPrice: p.discountPrice, imageUrl: p.imageUrls[0] ?? null };
  if (!p.weighing) return base;
  return { ...base, grams: grams ?? defaultAmount(p.weighing), pieces: p.weighing.pieces };
}

export function AddToCartButton({ product, className, size = 'sm' }: { product: Product; className?: string; size?: ButtonProps['size'] }) {
  const user = useShopStore((s) => s.user);
  // A near-date line of it is a line of its own: the regular one can still be added.
  const inCart = useShopStore((s) => s.cart.some((l) => l.productId === product.id && !l.bestBefore));
  const addToCart = useShopStore((s) => s.addToCart);
  const openSignIn = useSignInDialog((s) => s.openSignIn);
  const { t } = useLingui();

  if (product.stock <= 0) {
    return (
      <Button size={size} variant="outline" disabled className={className}>
        <Trans>Out of Stock</Trans>
      </Button>
    );
  }
  if (inCart) {
    return (
      <Button size={size} variant="secondary" disabled className={className}>
        <Check className="size-4" aria-hidden="true" />
        <Trans>Already in cart</Trans>
      </Button>
    );
  }
  const add = () => {
    useShopStore.getState().addToCart(toCartProduct(product), 1);
    toast.success(t`Added to cart`);
  };
  return (
    <Button
      size={size}
      className={className}
      aria-label={t`Add to Cart: ${product.name}`}
      onClick={() => {
        if (user) {
          addToCart(toCartProduct(product), 1);
          toast.success(t`Added to cart`);
        } else openSignIn({ onSuccess: add });
      }}
    >
      <ShoppingCart className="size-4" aria-hidden="true" />
      <Trans>Add to Cart</Trans>
    </Button>
  );
}
