/**
 * The account side's screen titles (the document title), here so they join the account catalog:
 * router.tsx names them on its routes, and the root layout shows each in the page's language.
 */
import { msg } from '@lingui/core/macro';

export const ACCOUNT_TITLES = {
  checkout: msg`Checkout`,
  payLink: msg`Pay for your order`,
  paymentStatus: msg`Payment status`,
  orders: msg`My Orders`,
  orderDetail: msg`Order details`,
  forgotPassword: msg`Forgot password`,
  resetPassword: msg`Choose a new password`,
  account: msg`My Account`,
  trade: msg`Trade account`,
  standingOrders: msg`Standing orders`,
  tradeJoin: msg`Join a business`,
};
