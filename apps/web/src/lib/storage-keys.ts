/** Every key this app writes to localStorage, in one place so they never collide or drift. */
export const STORAGE_KEYS = {
  /** Persisted client state: cart, user, rider, outletEmployee, coupon, outletId. */
  shop: 'kpm:shop',
  /** Rider app colour scheme (light / dark). */
  riderTheme: 'kpm:rider-theme',
} as const;
