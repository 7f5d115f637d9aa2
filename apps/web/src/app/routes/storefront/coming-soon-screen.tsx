/**
 * /discover/coming-soon/{type} (spec 2): a teaser with email sign-up into subscriptions; blogs and
 * campaigns have their own words, anything else the generic ones. Messages are the shared ones.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { SUBSCRIBE_MESSAGES } from '@meatshop/shared/catalog-constants';
import { BellRing, CheckCircle2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useParams } from '@/lib/router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useSubscribe } from '@/features/site/api/subscribe';
import { ApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/use-document-meta';

const COPY = {
  blogs: { title: msg`Our blog is coming soon`, text: msg`Stories from our plant, our farmers and the kitchens we supply.` },
  campaigns: { title: msg`Campaigns are coming soon`, text: msg`Seasonal offers, grilling festivals and community events.` },
  default: { title: msg`Something delicious is coming soon`, text: msg`We are cooking up something new. Be the first to know.` },
} as const;

export function ComingSoonScreen() {
  const { type = '' } = useParams();
  const kind = type === 'blogs' || type === 'campaigns' ? type : 'default';
  const { t, i18n } = useLingui();
  const copy = COPY[kind];
  const title = i18n._(copy.title);
  const text = i18n._(copy.text);
  useDocumentMeta(title, text);
  const [email, setEmail] = useState('');
  const [done, setDone] = useState(false);
  const subscribe = useSubscribe();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!value?.includes('@')) {
      toast.error(SUBSCRIBE_MESSAGES.invalidEmail);
      return;
    }
    subscribe.mutate(
      { email: value, type: kind },
      {
        onSuccess: () => {
          toast.success(SUBSCRIBE_MESSAGES.subscribed);
          setDone(true);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 409) toast.info(SUBSCRIBE_MESSAGES.already);
          else if (err instanceof ApiError && err.status === 400) toast.error(SUBSCRIBE_MESSAGES.invalidEmail);
          else toast.error(SUBSCRIBE_MESSAGES.failed);
        },
      },
    );
  };

  return (
    <section className="relative isolate overflow-hidden bg-brand-950 text-cream">
      <img
        src="/site/hero-platter.webp"
        alt=""
        className="absolute inset-0 -z-10 size-full object-cover opacity-25"
        width={1600}
        height={700}
      />
      <div className="container-page flex min-h-[60vh] flex-col items-center justify-center py-20 text-center">
        <BellRing className="size-10 text-gold" aria-hidden="true" />
        <h1 className="mt-4 max-w-2xl font-display text-4xl font-semibold tracking-tight sm:text-5xl">{title}</h1>
        <p className="mt-4 max-w-xl text-lg text-cream/80">{text}</p>
        {done ? (
          <p className="mt-8 flex items-center gap-2 rounded-full bg-white/10 px-5 py-3 font-semibold" role="status">
            <CheckCircle2 className="size-5 text-gold" aria-hidden="true" />
            {SUBSCRIBE_MESSAGES.onTheList}
          </p>
        ) : (
          <form onSubmit={submit} className="mt-8 flex w-full max-w-md flex-col gap-3 sm:flex-row" noValidate>
            <Input
              type="email"
              aria-label={t`Email address`}
              placeholder={t`you@example.com`}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className="text-ink"
            />
            <Button type="submit" variant="inverse" pending={subscribe.isPending} pendingText={t`Subscribing...`}>
              <Trans>Notify me</Trans>
            </Button>
          </form>
        )}
      </div>
    </section>
  );
}
