/**
 * The outlet portal's screen titles (the page heading and the document title), here so they join the
 * outlet catalog: router.tsx names them on its routes, and the layout shows each in the page's language.
 */
import { msg } from '@lingui/core/macro';

export const OUTLET_TITLES = {
  dashboard: msg`Dashboard`,
  orders: msg`Orders`,
  order: msg`Order details`,
  stock: msg`Stock`,
  cash: msg`Rider Cash`,
  staff: msg`Staff Management`,
  settings: msg`Outlet Settings`,
};
