/** Business constants, in one place for the server and the web app. */

export const CURRENCY = 'UGX';
/** Flat delivery fee in whole shillings (spec 9: "Flat delivery fee UGX 5,000"). */
export const DELIVERY_FEE = 5_000;
export const CART_LINE_MAX_QTY = 10;
/** The most of one product a trade member may order on one line (a household's cap is CART_LINE_MAX_QTY). */
export const TRADE_LINE_MAX_QTY = 500;
export const PASSWORD_MIN = 6;
export const LOW_STOCK_THRESHOLD = 10;
export const RELATED_PRODUCTS_LIMIT = 4;
export const NOTIFICATION_LIST_LIMIT = 5;
export const TOP_PRODUCTS_LIMIT = 5;
export const REVENUE_TREND_DAYS = 7;
export const OUTLET_RECENT_ORDERS = 5;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Widths /media/{key}?w= serves for responsive images (srcset), smallest first. 720 is a full-width
 * picture on the usual low-cost Android screen (360 CSS px at 2 device pixels each).
 */
export const MEDIA_WIDTHS = [160, 320, 480, 640, 720, 960] as const;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const REVIEW_COMMENT_MAX = 2_000;
export const RIDER_DB_VERSION = 1;
export const APP_VERSION = '1.0.0';

/** Shop time zone: every "today", "this week" and 7-day series is a Kampala day (UTC+3). */
export const SHOP_TIME_ZONE = 'Africa/Kampala';

export const SHOP = {
  name: 'Kampala Prime Meats',
  address: 'Plot 12, Bwaise Industrial Area, Kampala, Uganda',
  city: 'Kampala',
  country: 'Uganda',
  phone: '+256 414 123 456',
  supportPhone: '+256700123456',
  email: 'hello@kampalaprime.ug',
  hours: 'Mon-Sat 8AM-6PM',
  social: {
    facebook: 'https://www.facebook.com/',
    instagram: 'https://www.instagram.com/',
    x: 'https://x.com/',
  },
} as const;

export const MAP_DEFAULT = { lat: 0.3476, lng: 32.5825, zoom: 13, zoomSelected: 15 } as const;
/** East Africa bounding box for place search: west, south, east, north. */
export const EAST_AFRICA_BBOX = [28.8, -11.8, 41.9, 5.5] as const;
