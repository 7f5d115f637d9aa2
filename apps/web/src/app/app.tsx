/**
 * The whole app: providers, then (once the session is known) the router. The server's render
 * (entry-server.tsx) passes its own router and data cache into this same tree, so the markup and the
 * ids React generates (useId) match what the browser's first render produces. Both give it the
 * page language's texts (lib/i18n.ts), loaded before the first render.
 */
import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthGate } from './auth-gate';
import { AppProviders } from './providers';
import { AppRouter } from './router';

export function App({ i18n, router, queryClient }: { i18n: I18n; router?: ReactNode; queryClient?: QueryClient }) {
  return (
    <I18nProvider i18n={i18n}>
      <AppProviders queryClient={queryClient}>
        <AuthGate>{router ?? <AppRouter />}</AuthGate>
      </AppProviders>
    </I18nProvider>
  );
}
