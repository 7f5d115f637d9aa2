/** Query keys of the back office, in one place so mutations invalidate exactly what they change. */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  products: ['admin', 'products'] as const,
  categories: ['admin', 'categories'] as const,
  orders: ['admin', 'orders'] as const,
  customers: ['admin', 'customers'] as const,
  availableRiders: ['admin', 'riders', 'available'] as const,
  riders: ['admin', 'riders'] as const,
  employees: ['admin', 'employees'] as const,
  roles: ['admin', 'roles'] as const,
  outlets: ['admin', 'outlets'] as const,
  outletProducts: (outletId: string) => ['admin', 'outlets', outletId, 'products'] as const,
  productOptions: ['admin', 'product-options'] as const,
  subscriptions: ['admin', 'subscriptions'] as const,
  notifications: ['admin', 'notifications'] as const,
  dispatch: ['admin', 'dispatch'] as const,
};
