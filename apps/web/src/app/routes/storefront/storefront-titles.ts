/**
 * The titles (the document title) of the storefront screens whose texts are in the storefront
 * catalog: router.tsx names them on its routes, and the root layout shows each in the page's language.
 */
import { msg } from '@lingui/core/macro';

export const STOREFRONT_TITLES = {
  products: msg`All Products`,
  product: msg`Product details`,
  cart: msg`Shopping Cart`,
};
