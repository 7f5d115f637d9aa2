/**
 * The one modal for signing in and signing up. After success it closes, runs the
 * pending action it was opened with, and stays on the current page.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { useNavigate } from '@/lib/router';
import { LogoMark } from '@/components/brand/logo';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useSignInDialog } from '../hooks/use-sign-in-dialog';

const loadAuthForms = () => import('./auth-forms');
const AuthForms = lazy(loadAuthForms);

/** Start fetching the forms early, e.g. when a pointer reaches a Sign In button. */
export function preloadAuthForms() {
  void loadAuthForms();
}

export function SignInDialog() {
  const { open, mode, setMode, close, runPendingAction } = useSignInDialog();
  const navigate = useNavigate();
  const isSignIn = mode === 'sign-in';
  const { t } = useLingui();

  const done = (destination?: string) => {
    if (destination) {
      close();
      navigate(destination);
      return;
    }
    runPendingAction();
    close();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent>
        <DialogHeader className="pr-0 text-center">
          <LogoMark className="mx-auto mb-3 size-12" />
          <DialogTitle>{isSignIn ? t`Welcome back` : t`Create an account`}</DialogTitle>
          <DialogDescription>
            {isSignIn
              ? t`Sign in to order premium cuts and follow your deliveries.`
              : t`Join thousands of Kampala households and restaurants ordering fresh.`}
          </DialogDescription>
        </DialogHeader>

        <Suspense fallback={<FormSkeleton fields={isSignIn ? 2 : 4} />}>
          <AuthForms mode={mode} onDone={done} />
        </Suspense>

        <p className="mt-6 border-t border-line pt-5 text-center text-sm text-muted">
          {isSignIn ? t`Don't have an account?` : t`Already have an account?`}{' '}
          <button
            type="button"
            className="font-semibold text-brand-700 underline-offset-4 hover:underline"
            onClick={() => setMode(isSignIn ? 'sign-up' : 'sign-in')}
          >
            {isSignIn ? t`Create one` : t`Sign in`}
          </button>
        </p>
      </DialogContent>
    </Dialog>
  );
}

const SKELETON_ROWS = ['name', 'phone', 'email', 'password'] as const;

function FormSkeleton({ fields }: { fields: number }) {
  return (
    <div className="space-y-4" role="status">
      <span className="sr-only">
        <Trans>Loading form</Trans>
      </span>
      {SKELETON_ROWS.slice(-fields).map((row) => (
        <div key={row} className="space-y-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-12 w-full rounded-xl" />
        </div>
      ))}
      <Skeleton className="mt-2 h-13 w-full rounded-full" />
    </div>
  );
}
