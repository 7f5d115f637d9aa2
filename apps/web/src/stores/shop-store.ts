/**
 * Client state: who is signed in (user, rider, outlet employee), the cart with its
 * coupon, and the outlet id the portal works on. Persisted in localStorage so a reload keeps the cart;
 * the session itself lives in an HttpOnly cookie and is re-checked with the server at start.
 * The server decides every price and total; the cart here only remembers what was picked.
 */
import type { SessionResponse } from '@meatshop/shared/auth';
import type { ChosenOption } from '@meatshop/shared/product-options';
import { markdownPrice } from '@meatshop/shared/markdown-rules';
import { lineKey } from '@meatshop/shared/option-rules';
import { estimateFor } from '@meatshop/shared/weighing-rules';
import { createStore, useStore } from 'zustand';
import { lineMaxQty, useTradePriceStore } from './trade-price-store';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { STORAGE_KEYS } from '@/lib/storage-keys';

export type SessionUser = NonNullable<SessionResponse['user']>;
export type RiderSession = NonNullable<SessionResponse['rider']>;
export type OutletEmployeeSession = NonNullable<SessionResponse['outletEmployee']>;
export type StaffSession = NonNullable<SessionResponse['staff']>;

export interface CartLine {
  productId: string;
  name: string;
  price: number;
  discountPrice: number | null;
  imageUrl: string | null;
  quantity: number;
  /** The picked options, with the price change the product page showed (the server prices them again). */
  options?: ChosenOption[];
  /** The note for the butcher. */
  note?: string | null;
  /** Sold by weight: grams of one pack (price and discount price are then per kg), and whether it is a whole piece. */
  grams?: number | null;
  pieces?: boolean;
  /**
   * A near-date offer: the use-by date of the batches it takes and the percent off the product page
   * showed. A line of its own beside the product's regular line; the server prices it again.
   */
  bestBefore?: string | null;
  markdownPercent?: number | null;
}

export type CartProduct = Omit<CartLine, 'quantity'>;

/** A cart line's identity: its product with its picks and note (two cuts of one product are two lines). */
export const cartLineKey = (l: Pick<CartLine, 'productId' | 'options' | 'note' | 'grams' | 'bestBefore'>) =>
  lineKey(l.productId, Object.fromEntries((l.options ?? []).map((o) => [o.name, o.value])), l.note, l.grams, l.bestBefore);

/** A near-date line's markdown as the line screens show it, or null. */
export const cartLineMarkdown = (l: Pick<CartLine, 'bestBefore' | 'markdownPercent'>) =>
  l.bestBefore && l.markdownPercent ? { useBy: l.bestBefore, percent: l.markdownPercent } : null;

/**
 * The unit price the cart shows: the product's price (a trade member's list price when they have
 * one, `tradePrice`) with its picked options' changes.
 */
export const cartUnitPrice = (
  l: Pick<CartLine, 'price' | 'discountPrice' | 'options' | 'grams' | 'markdownPercent'>,
  tradePrice?: number,
) => {
  const base = tradePrice ?? (l.discountPrice != null && l.discountPrice < l.price ? l.discountPrice : l.price);
  const each = Math.max(0, base + (l.options ?? []).reduce((s, o) => s + o.priceDelta, 0));
  // Near-date: the percent off that (the server's rounding). Sold by weight: the price is per kg, a
  // pack's estimate is that for its grams.
  if (l.markdownPercent) return markdownPrice(each, l.markdownPercent);
  return l.grams ? estimateFor(each, l.grams) : each;
};

interface PersistedState {
  user: SessionUser | null;
  rider: RiderSession | null;
  outletEmployee: OutletEmployeeSession | null;
  /** A back-office member's role and permissions: what the back office shows them. */
  staff: StaffSession | null;
  cart: CartLine[];
  couponCode: string | null;
  discountAmount: number;
  outletId: string | null;
}

interface ShopState extends PersistedState {
  /** True once the server has answered (or the 3 s start-up time-out passed). */
  initialized: boolean;
  /** Set when start-up could not reach the server; the app shows a Retry panel. */
  initError: string | null;

  /** A session without `staff` (a profile edit) keeps the one known; signed out clears it. */
  setSession: (session: Pick<SessionResponse, 'user' | 'rider' | 'outletEmployee' | 'staff'>) => void;
  /** Signing out (or a session that ended) clears who is signed in, the cart and the outlet. */
  clearSession: () => void;
  markInitialized: () => void;
  setInitError: (message: string | null) => void;

  addToCart: (product: CartProduct, quantity?: number) => void;
  /** By the line's key (`cartLineKey`). */
  setQuantity: (key: string, quantity: number) => void;
  removeFromCart: (key: string) => void;
  /** Empties the cart and drops the coupon with it. */
  clearCart: () => void;
  applyCoupon: (code: string, discountAmount: number) => void;
  clearCoupon: () => void;
  setOutletId: (outletId: string | null) => void;
}

/** On the server there is no localStorage: nothing is saved there. */
const noStorage: StateStorage = { getItem: () => null, setItem: () => {}, removeItem: () => {} };

/** localStorage, touched only when the saved state is read or written: even naming it costs a first visit. */
const browserStorage: StateStorage = {
  getItem: (key) => localStorage.getItem(key),
  setItem: (key, value) => localStorage.setItem(key, value),
  removeItem: (key) => localStorage.removeItem(key),
};

// A trade member is not held to the household cap (the server checks both).
const clampQty = (n: number) => Math.min(lineMaxQty(useTradePriceStore.getState().member), Math.max(1, Math.floor(n)));

const signedOut: Pick<
  PersistedState,
  'user' | 'rider' | 'outletEmployee' | 'staff' | 'cart' | 'couponCode' | 'discountAmount' | 'outletId'
> = {
  user: null,
  rider: null,
  outletEmployee: null,
  staff: null,
  cart: [],
  couponCode: null,
  discountAmount: 0,
  outletId: null,
};

const shopStore = createStore<ShopState>()(
  persist(
    (set) => ({
      ...signedOut,
      initialized: false,
      initError: null,

      setSession: ({ user, rider, outletEmployee, staff }) =>
        set((s) => ({
          user,
          rider,
          outletEmployee,
          staff: !user?.isAdmin ? null : staff === undefined ? s.staff : staff,
          outletId: outletEmployee?.outletId ?? (user || rider ? s.outletId : null),
        })),
      clearSession: () => set({ ...signedOut }),
      markInitialized: () => set({ initialized: true, initError: null }),
      setInitError: (initError) => set({ initError }),

      addToCart: (product, quantity = 1) =>
        set((s) => {
          const key = cartLineKey(product);
          const existing = s.cart.find((l) => cartLineKey(l) === key);
          if (existing) {
            return {
              cart: s.cart.map((l) => (cartLineKey(l) === key ? { ...l, ...product, quantity: clampQty(l.quantity + quantity) } : l)),
            };
          }
          return { cart: [...s.cart, { ...product, quantity: clampQty(quantity) }] };
        }),
      setQuantity: (key, quantity) =>
        set((s) => ({ cart: s.cart.map((l) => (cartLineKey(l) === key ? { ...l, quantity: clampQty(quantity) } : l)) })),
      removeFromCart: (key) => set((s) => ({ cart: s.cart.filter((l) => cartLineKey(l) !== key) })),
      clearCart: () => set({ cart: [], couponCode: null, discountAmount: 0 }),
      applyCoupon: (couponCode, discountAmount) => set({ couponCode, discountAmount }),
      clearCoupon: () => set({ couponCode: null, discountAmount: 0 }),
      setOutletId: (outletId) => set({ outletId }),
    }),
    {
      name: STORAGE_KEYS.shop,
      version: 1,
      // The browser's first read of localStorage waits on its storage process: on a slow phone that
      // held the entry module's evaluation, the start's longest task. The saved state is read in a
      // task of its own instead (`restoreSavedShop`), before anything renders or writes.
      skipHydration: true,
      storage: createJSONStorage(() => (typeof window === 'undefined' ? noStorage : browserStorage)),
      partialize: ({ user, rider, outletEmployee, staff, cart, couponCode, discountAmount, outletId }): PersistedState => ({
        user,
        rider,
        outletEmployee,
        staff,
        cart,
        couponCode,
        discountAmount,
        outletId,
      }),
    },
  ),
);

/**
 * Reads the cart and session this browser saved. Called once at start, before the first render and
 * before anything writes to the store (a write before it would save over the saved cart).
 */
export function restoreSavedShop() {
  void shopStore.persist.rehydrate();
}

/**
 * React renders a store's "server snapshot" on the server and while it hydrates a server-rendered
 * page in the browser; zustand's is the state the store was created with. On the server that is the
 * page's own state (entry-server.tsx sets it for each page). In the browser, while hydrating, it is
 * the page's session with an empty cart, as the server drew it (the cart lives in this browser): the
 * saved cart appears right after, in the render React makes once hydration is done.
 */
let pageSnapshot: ShopState | null = null;
shopStore.getInitialState = () => pageSnapshot ?? shopStore.getState();

/** Holds the state a server-rendered page was drawn with, until `releasePageSnapshot()`. */
export function holdPageSnapshot() {
  pageSnapshot = { ...shopStore.getState(), cart: [], couponCode: null, discountAmount: 0 };
}

export function releasePageSnapshot() {
  pageSnapshot = null;
}

/** The shop store as a hook (`useShopStore(selector)`) with the store's own methods on it. */
export const useShopStore = Object.assign(<T>(selector: (state: ShopState) => T): T => useStore(shopStore, selector), shopStore);

/** Number of items in the cart (sum of quantities), for the navigation badge. */
export const selectCartCount = (s: ShopState) => s.cart.reduce((n, l) => n + l.quantity, 0);
