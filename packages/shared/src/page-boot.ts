/**
 * The first data of a page, sent inside its HTML: the server answers the GET requests the
 * first screen is about to make (session, shop info, the catalog it shows) and puts the answers in a
 * `<script type="application/json" id="boot-data">` element, keyed by `bootKey(url)`. The browser's
 * API client takes each answer once instead of asking the network, so the first screen renders as
 * soon as its code has loaded. Shared so both sides build the same key and the same image srcset.
 */
import { MEDIA_WIDTHS } from './constants.ts';

export const BOOT_ELEMENT_ID = 'boot-data';

/** `path?query` with the query's parameters sorted, so `?b=1&a=2` and `?a=2&b=1` are one key. */
export function bootKey(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  params.sort();
  const query = params.toString();
  return query ? `${url.slice(0, at)}?${query}` : url.slice(0, at);
}

/** `src?w=160 160w, …` for an image the server stores (/media/…), else undefined. */
export function mediaSrcSet(src: string | undefined): string | undefined {
  if (!src?.startsWith('/media/') || src.includes('?')) return undefined;
  return MEDIA_WIDTHS.map((w) => `${src}?w=${w} ${w}w`).join(', ');
}

/**
 * How wide the product pictures show (the `sizes` of their srcset), for the page's preload and the
 * image itself alike. The gallery spans the page less its side padding (container-page) on phones.
 */
export const MEDIA_SIZES = {
  card: '(min-width: 768px) 30vw, 50vw',
  gallery: '(min-width: 1024px) 40vw, (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)',
} as const;
