/**
 * Server-side meta for /products/{id}: title, description, canonical link, Open Graph and a
 * schema.org Product in the HTML the server sends, so crawlers and link previews need no JavaScript.
 */
import type { Product } from '@meatshop/shared/catalog';
import { SHOP } from '@meatshop/shared/constants';
import { unitPrice } from '@meatshop/shared/money';

const FALLBACK_HTML =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title></title></head><body><div id="root"></div></body></html>';

export function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** JSON inside <script>: `<` escaped so no text can close the element. */
export const safeJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

export function description(p: Product) {
  const text = p.description.trim() || `${p.name} from ${SHOP.name}, delivered in Kampala.`;
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}...` : text;
}

export function productJsonLd(p: Product, publicUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    description: p.description,
    sku: p.id,
    image: p.imageUrls.map((u) => new URL(u, publicUrl).toString()),
    ...(p.category ? { category: p.category.name } : {}),
    brand: { '@type': 'Brand', name: SHOP.name },
    offers: {
      '@type': 'Offer',
      url: `${publicUrl}/products/${p.id}`,
      priceCurrency: 'UGX',
      price: unitPrice(p),
      availability: p.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
    ...(p.ratingCount > 0 ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: p.rating, reviewCount: p.ratingCount } } : {}),
  };
}

/** The SPA's index.html with this product's head tags (the app takes over after load). */
export function renderProductHtml(template: string | null, p: Product, publicUrl: string) {
  const html = template ?? FALLBACK_HTML;
  const title = `${p.name} | ${SHOP.name}`;
  const desc = description(p);
  const url = `${publicUrl}/products/${p.id}`;
  const image = p.imageUrls[0] ? new URL(p.imageUrls[0], publicUrl).toString() : `${publicUrl}/logo.png`;
  const tags = [
    `<meta name="description" content="${escapeHtml(desc)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    '<meta property="og:type" content="product">',
    `<meta property="og:site_name" content="${escapeHtml(SHOP.name)}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(desc)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    `<script type="application/ld+json">${safeJson(productJsonLd(p, publicUrl))}</script>`,
  ].join('\n    ');
  // Function replacers: a product's text is data, and `$&`, `$'` or `$1` in a string replacement
  // would splice other parts of the page in.
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', () => `    ${tags}\n  </head>`);
}

const STATIC_PATHS = ['/', '/products', '/about', '/discover', '/discover/recipes', '/certifications', '/contact', '/privacy', '/terms'];

export function sitemapXml(publicUrl: string, products: { id: string; updatedAt: string }[], categories: { slug: string }[]) {
  const entry = (loc: string, lastmod?: string) =>
    `  <url><loc>${escapeHtml(publicUrl + loc)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...STATIC_PATHS.map((p) => entry(p)),
    ...categories.map((c) => entry(`/products?category=${encodeURIComponent(c.slug)}`)),
    ...products.map((p) => entry(`/products/${p.id}`, p.updatedAt)),
    '</urlset>',
  ].join('\n');
}

/**
 * The cart and the rider sign-in page are public pages a search engine may show (the longer Allow
 * wins over Disallow: /rider); signed-in areas and the API are not.
 */
export function robotsTxt(publicUrl: string) {
  return [
    'User-agent: *',
    'Allow: /',
    'Allow: /rider/login',
    'Disallow: /admin',
    'Disallow: /rider',
    'Disallow: /outlet',
    'Disallow: /account',
    'Disallow: /checkout',
    'Disallow: /orders',
    'Disallow: /api/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
