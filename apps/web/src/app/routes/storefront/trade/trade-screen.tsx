/**
 * My Account > Trade account. A visitor is asked to sign in; a customer with no business sees why
 * to open one and the application; an applicant sees the status (and the reason, if declined); a
 * member of an approved business sees it, its members (the owner manages them) and its orders.
 */
import { Briefcase, ChefHat, ChevronRight, Repeat, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { useMyTrade } from '@/features/trade/api/my-trade';
import { InvoicesCard } from '@/features/trade/components/invoices-card';
import { MembersCard } from '@/features/trade/components/members-card';
import { TradeOrdersCard } from '@/features/trade/components/trade-orders-card';
import { TradeStatusCard } from '@/features/trade/components/trade-status';
import { formatPhone } from '@/lib/format';
import { paths } from '@/lib/paths';
import { Link } from '@/lib/router';
import { useShopStore } from '@/stores/shop-store';
import { PageHeader } from '../page-header';
import { TradeApplyForm } from './trade-apply-form';

export function TradeScreen() {
  const user = useShopStore((s) => s.user);
  const mine = useMyTrade(!!user);
  const header = (description: string) => <PageHeader eyebrow="Account" title="Trade account" description={description} />;

  if (!user) {
    return (
      <>
        {header('Restaurants, hotels and shops buy with us on their own terms.')}
        <div className="container-page py-12 sm:py-16">
          <SignInPrompt
            title="Sign in to open a trade account"
            description="Sign in or create an account first; then tell us about your business."
          />
        </div>
      </>
    );
  }
  if (mine.isPending) {
    return (
      <>
        {header('Your business account with us.')}
        <div className="container-page space-y-4 py-10" aria-busy="true">
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      </>
    );
  }
  if (mine.isError) {
    return (
      <>
        {header('Your business account with us.')}
        <div className="container-page py-10">
          <ErrorState message="Failed to load your trade account" onRetry={() => void mine.refetch()} retrying={mine.isFetching} />
        </div>
      </>
    );
  }
  const { account } = mine.data;
  if (!account) {
    return (
      <>
        {header('Restaurants, hotels and shops buy with us on their own terms.')}
        <div className="container-page grid gap-6 py-10 sm:py-14 lg:grid-cols-[1.4fr_1fr]">
          <Card>
            <CardContent className="sm:p-8">
              <h2 className="font-display text-2xl font-semibold text-ink">Open a trade account</h2>
              <p className="mt-1 mb-6 text-sm text-muted">
                Tell us about your business. We review every application and email you the answer.
              </p>
              <TradeApplyForm defaults={{ contactName: user.fullName, contactPhone: user.phone ? formatPhone(user.phone) : '' }} />
            </CardContent>
          </Card>
          <div className="space-y-3">
            <Perk icon={ChefHat} title="Kitchen quantities">
              Buy by the case and by the 40 kg, not by the household portion.
            </Perk>
            <Perk icon={Briefcase} title="Your whole team">
              Invite your buyers and approvers; everyone sees the business's orders.
            </Perk>
            <Perk icon={Truck} title="Delivered to your door">
              The same cold chain and delivery as every order, to your business address.
            </Perk>
          </div>
        </div>
      </>
    );
  }
  return (
    <>
      {header('Your business account with us.')}
      <div className="container-page grid grid-cols-1 gap-6 py-10 sm:py-14 lg:grid-cols-2">
        <div className="lg:col-span-2">
          <TradeStatusCard mine={{ ...mine.data, account }} />
        </div>
        {account.status === 'approved' || account.status === 'suspended' ? (
          <>
            {account.status === 'approved' ? (
              <div className="lg:col-span-2">
                <StandingOrdersLink />
              </div>
            ) : null}
            <MembersCard isOwner={mine.data.role === 'owner'} />
            {account.termsDays ? (
              <InvoicesCard termsDays={account.termsDays} canPay={mine.data.role === 'owner' || mine.data.role === 'buyer'} />
            ) : null}
            <TradeOrdersCard canApprove={mine.data.role === 'owner' || mine.data.role === 'approver'} />
          </>
        ) : null}
      </div>
    </>
  );
}

function StandingOrdersLink() {
  return (
    <Link
      to={paths.standingOrders}
      className="flex items-center gap-4 rounded-2xl border border-line bg-surface p-5 transition-colors hover:border-ink/30"
    >
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Repeat className="size-5" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-ink">Standing orders</span>
        <span className="block text-sm text-muted">
          Your regular order on the days you choose; skip or change a delivery until the day before.
        </span>
      </span>
      <ChevronRight className="size-5 text-muted" aria-hidden="true" />
    </Link>
  );
}

function Perk({ icon: Icon, title, children }: { icon: typeof ChefHat; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-4 rounded-2xl border border-line bg-surface p-5">
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div>
        <p className="font-semibold text-ink">{title}</p>
        <p className="mt-0.5 text-sm text-muted">{children}</p>
      </div>
    </div>
  );
}
