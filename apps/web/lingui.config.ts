/**
 * Lingui's catalogs, one per area of the app (the chunk areas of vite.config.ts), so a first visit
 * downloads only the storefront's texts of its language, and helpers working on different faces edit
 * different PO files. A text used by two areas is extracted into both. `npm run i18n:check` keeps the
 * catalogs equal to the code and complete in every launched language.
 */
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// The account side of the storefront: signed-in and checkout screens, loaded with the first of them.
const ACCOUNT_SCREENS = [
  '<rootDir>/src/app/routes/storefront/account-screen.tsx',
  '<rootDir>/src/app/routes/storefront/checkout-screen.tsx',
  '<rootDir>/src/app/routes/storefront/orders-screen.tsx',
  '<rootDir>/src/app/routes/storefront/order-detail-screen.tsx',
  '<rootDir>/src/app/routes/storefront/password-screens.tsx',
  '<rootDir>/src/app/routes/storefront/pay-link-screen.tsx',
  '<rootDir>/src/app/routes/storefront/payment-result-screen.tsx',
  '<rootDir>/src/app/routes/storefront/require-checkout-user.tsx',
  '<rootDir>/src/app/routes/storefront/require-customer.tsx',
  '<rootDir>/src/app/routes/storefront/trade',
];
// The storefront's content pages (home's own sections, about, discover, recipes, certifications,
// coming soon, contact, legal): their texts load with those lazy screens, so the catalog every first
// visit downloads holds only the shell, listing, product page, cart and sign-in.
const CONTENT_SCREENS = [
  '<rootDir>/src/app/routes/storefront/home-screen.tsx',
  '<rootDir>/src/app/routes/storefront/about-screen.tsx',
  '<rootDir>/src/app/routes/storefront/certifications-screen.tsx',
  '<rootDir>/src/app/routes/storefront/coming-soon-screen.tsx',
  '<rootDir>/src/app/routes/storefront/contact-screen.tsx',
  '<rootDir>/src/app/routes/storefront/contact-map.tsx',
  '<rootDir>/src/app/routes/storefront/discover-screen.tsx',
  '<rootDir>/src/app/routes/storefront/recipes-screen.tsx',
  '<rootDir>/src/app/routes/storefront/legal-screens.tsx',
  '<rootDir>/src/app/routes/storefront/content-titles.ts',
  '<rootDir>/src/features/site',
];
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

export default defineConfig({
  sourceLocale: 'en',
  // Keep in step with LANGUAGES in @meatshop/shared/languages.
  locales: ['en', 'lg', 'sw'],
  fallbackLocales: { default: 'en' },
  // Without line numbers a PO file changes only when a text does, not whenever code moves.
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      name: 'storefront',
      path: '<rootDir>/src/locales/storefront/{locale}',
      include: [
        '<rootDir>/src/app/*.tsx',
        '<rootDir>/src/app/routes/storefront',
        '<rootDir>/src/components',
        '<rootDir>/src/lib',
        '<rootDir>/src/features/catalog',
        '<rootDir>/src/features/cart',
        '<rootDir>/src/features/auth',
      ],
      exclude: [...ACCOUNT_SCREENS, ...CONTENT_SCREENS, ...TESTS],
    },
    {
      name: 'content',
      path: '<rootDir>/src/locales/content/{locale}',
      include: CONTENT_SCREENS,
      exclude: TESTS,
    },
    {
      name: 'account',
      path: '<rootDir>/src/locales/account/{locale}',
      include: [
        ...ACCOUNT_SCREENS,
        '<rootDir>/src/features/account',
        '<rootDir>/src/features/checkout',
        '<rootDir>/src/features/orders',
        '<rootDir>/src/features/trade',
        '<rootDir>/src/features/payments',
        '<rootDir>/src/features/substitutions',
        '<rootDir>/src/features/tracking',
        '<rootDir>/src/features/push',
      ],
      exclude: TESTS,
    },
    {
      name: 'rider',
      path: '<rootDir>/src/locales/rider/{locale}',
      include: ['<rootDir>/src/app/routes/rider', '<rootDir>/src/features/rider'],
      exclude: TESTS,
    },
    {
      name: 'outlet',
      path: '<rootDir>/src/locales/outlet/{locale}',
      include: [
        '<rootDir>/src/app/routes/outlet',
        '<rootDir>/src/features/outlet',
        '<rootDir>/src/features/cash',
        '<rootDir>/src/features/cold-chain',
        // The order and payment words, shared with the account catalog.
        '<rootDir>/src/features/orders/status-texts.ts',
      ],
      exclude: TESTS,
    },
    {
      name: 'back-office',
      path: '<rootDir>/src/locales/back-office/{locale}',
      include: [
        '<rootDir>/src/app/routes/admin',
        '<rootDir>/src/features/back-office',
        '<rootDir>/src/features/events',
        '<rootDir>/src/features/employee-roles',
        '<rootDir>/src/features/outlets',
      ],
      exclude: TESTS,
    },
    {
      // Texts the API server sends (SMS, email, push, receipts, errors): explicit-id descriptors,
      // since the server's TypeScript runs without Lingui's macros.
      name: 'server',
      path: '<rootDir>/../server/src/locales/{locale}',
      include: ['<rootDir>/../server/src'],
      exclude: TESTS,
    },
  ],
});
