/**
 * The sign-in dialog and the mobile menu sheet, loaded on first use: their dialog machinery (focus
 * trap, scroll lock, portals, about 15 KB gzip) stays out of a first visit's JavaScript (bench/bundle).
 */
import { lazy, Suspense, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Menu } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSignInDialog } from '@/features/auth/hooks/use-sign-in-dialog';
import { withQueryClient } from '@/lib/query-client';

const loadSignInDialog = withQueryClient(() => import('@/features/auth/components/sign-in-dialog'));
const SignInDialog = lazy(() => loadSignInDialog().then((m) => ({ default: m.SignInDialog })));
const MobileMenuSheet = lazy(withQueryClient(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenuSheet }))));

/** Warm the dialog and its forms, e.g. when a pointer reaches a Sign In button. */
export function preloadSignIn() {
  void loadSignInDialog().then((m) => m.preloadAuthForms());
}

/** Mounts the sign-in dialog once it has been asked for, then keeps it (so it can animate closed). */
export function LazySignInDialog() {
  const open = useSignInDialog((s) => s.open);
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SignInDialog />
    </Suspense>
  );
}

export function MobileMenu({ greeting }: { greeting: string | null }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const { t } = useLingui();
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="-ml-2 size-10 text-ink lg:hidden"
        aria-label={t`Open menu`}
        aria-expanded={open}
        onPointerEnter={() => void import('./mobile-menu')}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <Menu className="size-6" aria-hidden="true" />
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <MobileMenuSheet greeting={greeting} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
