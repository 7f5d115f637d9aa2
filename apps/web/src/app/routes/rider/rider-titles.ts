/**
 * The rider screens' titles (the document title), here so they join the rider catalog: router.tsx
 * names them on its routes, and the root layout shows each in the page's language.
 */
import { msg } from '@lingui/core/macro';

export const RIDER_TITLES = {
  login: msg`Rider sign in`,
  dashboard: msg`Dashboard`,
  order: msg`Delivery`,
  earnings: msg`Earnings`,
  cash: msg`Cash`,
  profile: msg`Profile`,
};
