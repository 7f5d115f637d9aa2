/**
 * The signed-in trade member's prices for today, by product: what the listing, the product page and
 * the cart show in place of retail. Kept in memory only (never persisted, never in the shared HTTP
 * caches); loaded from the member's own price sheet and cleared when they sign out. Empty for a
 * household, so everything shows retail. The server prices every order from the lists itself.
 */
// Constants only: this store is in every storefront page's first chunk, which must not carry zod.
import { CART_LINE_MAX_QTY, TRADE_LINE_MAX_QTY } from '@meatshop/shared/constants';
import { create } from 'zustand';

export interface MemberPrice {
  unitPrice: number;
  minQuantity: number;
  caseSize: number;
}

interface TradePriceState {
  /** Signed in as a member of an approved trade account. */
  member: boolean;
  prices: Record<string, MemberPrice>;
  setPrices: (prices: Record<string, MemberPrice>) => void;
  clear: () => void;
}

export const useTradePriceStore = create<TradePriceState>()((set) => ({
  member: false,
  prices: {},
  setPrices: (prices) => set({ member: true, prices }),
  clear: () => set({ member: false, prices: {} }),
}));

/** The member's price of one product, or undefined (retail). */
export const useTradePrice = (productId: string) => useTradePriceStore((s) => s.prices[productId]);

/** The most of one product on a cart line: a household's cap, or the trade cap for a member. */
export const lineMaxQty = (member: boolean) => (member ? TRADE_LINE_MAX_QTY : CART_LINE_MAX_QTY);
export const useLineMaxQty = () => lineMaxQty(useTradePriceStore((s) => s.member));
