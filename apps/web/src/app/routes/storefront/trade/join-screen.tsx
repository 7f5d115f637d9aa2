/**
 * The page an invitation email links to: what business invites whom as what. A visitor signs in or
 * signs up (with the invited email) and comes back here; a signed-in customer joins with one tap.
 */
import { TRADE_ROLE_LABEL } from '@meatshop/shared/trade';
import { Building2, MailX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { useAcceptInvitation, useInvitation } from '@/features/trade/api/join';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useNavigate, useSearchParams } from '@/lib/router';
import { toast } from '@/lib/toast';
import { useShopStore } from '@/stores/shop-store';
import { PageHeader } from '../page-header';

export function TradeJoinScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const user = useShopStore((s) => s.user);
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const navigate = useNavigate();

  return (
    <>
      <PageHeader eyebrow="Trade account" title="Join a business" description="An invitation to buy for a business." />
      <div className="container-page max-w-xl py-10 sm:py-14">
        {invitation.isPending ? (
          <Skeleton className="h-56 w-full" aria-busy="true" />
        ) : invitation.isError ? (
          <Card>
            <EmptyState
              icon={MailX}
              title="This invitation no longer works"
              description={errorMessage(invitation.error, 'Failed to load the invitation')}
            />
          </Card>
        ) : (
          <Card>
            <CardContent className="space-y-5 sm:p-8">
              <div className="flex items-start gap-4">
                <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                  <Building2 className="size-6" aria-hidden="true" />
                </span>
                <div>
                  <h2 className="font-display text-2xl font-semibold text-ink">{invitation.data.businessName}</h2>
                  <p className="mt-1 text-sm text-muted">
                    {invitation.data.invitedBy} invited {invitation.data.email} as {TRADE_ROLE_LABEL[invitation.data.role].toLowerCase()}.
                  </p>
                </div>
              </div>
              {user ? (
                <Button
                  size="lg"
                  className="w-full"
                  pending={accept.isPending}
                  pendingText="Joining…"
                  onClick={() =>
                    accept.mutate(token, {
                      onSuccess: (mine) => {
                        toast.success(`You joined ${mine.account?.businessName ?? 'the business'}`);
                        navigate(paths.trade);
                      },
                      onError: (err) => toast.error(errorMessage(err, 'Failed to join the business')),
                    })
                  }
                >
                  Join {invitation.data.businessName}
                </Button>
              ) : (
                <p className="rounded-2xl bg-cream-deep p-4 text-sm text-ink">
                  Sign in, or create an account, with <strong>{invitation.data.email}</strong>; then join here.
                </p>
              )}
            </CardContent>
          </Card>
        )}
        {!user && invitation.isSuccess ? (
          <div className="mt-6">
            <SignInPrompt title="Sign in to accept" description={`Use ${invitation.data.email}, the address the invitation was sent to.`} />
          </div>
        ) : null}
      </div>
    </>
  );
}
