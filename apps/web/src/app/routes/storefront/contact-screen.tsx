/** Contact (spec 2): address, phone, email, hours, a map and the outlets ordered by name. */
import { Trans, useLingui } from '@lingui/react/macro';
import { SHOP } from '@meatshop/shared/constants';
import { Clock, Mail, MapPin, Navigation, Phone, Store } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useOutlets } from '@/features/site/api/get-outlets';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { ContactMap } from './contact-map';
import { PageHeader } from './page-header';
import { useShopInfo } from '@/features/catalog/api/get-shop-info';
import { formatPhone } from '@/lib/format';

export function ContactScreen() {
  const { t } = useLingui();
  useDocumentMeta(t`Contact Us`, t`Visit an outlet, call us or send a message. Open Monday to Saturday, 8:00 AM to 6:00 PM.`);
  const outlets = useOutlets();
  const shop = useShopInfo();
  useEffect(() => {
    if (outlets.isError) toast.error(t`Failed to load outlets`, { id: 'outlets-load' });
  }, [outlets.isError, t]);

  return (
    <>
      <PageHeader eyebrow={t`Contact`} title={t`Contact Us`} description={t`Visit an outlet, call us or send a message.`} />
      <div className="container-page grid gap-8 py-12 lg:grid-cols-[1fr_1.3fr]">
        <ul className="space-y-4">
          <Item icon={MapPin} title={t`Address`}>
            {SHOP.address}
          </Item>
          <Item icon={Phone} title={t`Phone`}>
            <a href={`tel:${shop.supportPhone}`} className="hover:text-brand-700">
              {formatPhone(shop.supportPhone)}
            </a>
          </Item>
          <Item icon={Mail} title={t`Email`}>
            <a href={`mailto:${shop.supportEmail}`} className="hover:text-brand-700">
              {shop.supportEmail}
            </a>
          </Item>
          <Item icon={Clock} title={t`Hours`}>
            {shop.defaultHours ? (
              <>
                <Trans>Monday to Saturday: 8:00 AM to 6:00 PM</Trans>
                <br />
                <Trans>Sunday: Closed</Trans>
              </>
            ) : (
              shop.hours
            )}
          </Item>
        </ul>
        <ContactMap />
      </div>

      <section aria-labelledby="outlets-title" className="container-page pb-16">
        <h2 id="outlets-title" className="font-display text-3xl font-semibold text-ink">
          <Trans>Our Outlets</Trans>
        </h2>
        {outlets.isPending ? (
          <div className="mt-6 grid gap-4 md:grid-cols-2">
            <Skeleton className="h-44" />
            <Skeleton className="h-44" />
          </div>
        ) : outlets.isError ? (
          <ErrorState message={t`Failed to load outlets`} onRetry={() => outlets.refetch()} retrying={outlets.isFetching} />
        ) : outlets.data.length === 0 ? (
          <p className="mt-4 text-muted">
            <Trans>No outlets are open yet.</Trans>
          </p>
        ) : (
          <ul className="mt-6 grid gap-4 md:grid-cols-2">
            {outlets.data.map((o) => (
              <li key={o.id} className="rounded-[var(--radius-card)] border border-line bg-surface p-6">
                <h3 className="flex items-center gap-2 text-lg font-semibold text-ink">
                  <Store className="size-5 text-brand-700" aria-hidden="true" />
                  {o.name}
                </h3>
                <p className="mt-2 text-sm text-ink-soft">
                  {o.address}
                  <br />
                  {o.city}, {o.country}
                </p>
                <p className="mt-2 text-sm text-ink-soft">
                  <a href={`tel:${o.phone.replaceAll(' ', '')}`} className="hover:text-brand-700">
                    {formatPhone(o.phone)}
                  </a>
                </p>
                <p className="mt-1 text-sm text-muted">{o.openingHours}</p>
                {o.latitude != null && o.longitude != null ? (
                  <Button asChild variant="outline" size="sm" className="mt-4">
                    <a
                      href={`https://www.google.com/maps/dir/?api=1&destination=${o.latitude},${o.longitude}`}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t`Get Directions to ${o.name}`}
                    >
                      <Navigation className="size-4" aria-hidden="true" />
                      <Trans>Get Directions</Trans>
                    </a>
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function Item({ icon: Icon, title, children }: { icon: typeof Clock; title: string; children: React.ReactNode }) {
  return (
    <li className="flex gap-4 rounded-2xl border border-line bg-surface p-5">
      <Icon className="size-6 shrink-0 text-brand-700" aria-hidden="true" />
      <div>
        <p className="font-semibold text-ink">{title}</p>
        <p className="text-ink-soft">{children}</p>
      </div>
    </li>
  );
}
