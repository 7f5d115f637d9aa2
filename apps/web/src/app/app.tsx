/**
 * The whole app: providers, then (once the session is known) the router. The server's render
 * (entry-server.tsx) passes its own router and data cache into this same tree, so the markup and the
 * ids React generates (useId) match what the browser's first render produces.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthGate } from './auth-gate';
import { AppProviders } from './providers';
import { AppRouter } from './router';

export function App({ router, queryClient }: { router?: ReactNode; queryClient?: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <AuthGate>{router ?? <AppRouter />}</AuthGate>
    </AppProviders>
  );
}
