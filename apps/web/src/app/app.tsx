/** The whole app: providers, then (once the session is known) the router. */
import { AppRouter } from './router';
import { AuthGate } from './auth-gate';
import { AppProviders } from './providers';

export function App() {
  return (
    <AppProviders>
      <AuthGate>
        <AppRouter />
      </AuthGate>
    </AppProviders>
  );
}
