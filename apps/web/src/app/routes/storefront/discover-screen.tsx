/** Discover landing (spec 2): three cards, the community stats and a coming-soon block. */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowRight, BookOpen, ChefHat, Megaphone } from 'lucide-react';
import { Link } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { PageHeader } from './page-header';

const CARDS = [
  {
    icon: ChefHat,
    title: msg`Recipes`,
    text: msg`Step-by-step dishes for every cut, from breakfast rolls to Sunday roasts.`,
    to: paths.discover.recipes,
  },
  {
    icon: BookOpen,
    title: msg`Blogs`,
    text: msg`Stories from our plant, our farmers and the kitchens we supply.`,
    to: paths.discover.blogs,
  },
  {
    icon: Megaphone,
    title: msg`Campaigns`,
    text: msg`Seasonal offers, grilling festivals and community events.`,
    to: paths.discover.campaigns,
  },
];

const STATS = [
  { value: '100+', label: msg`Recipes` },
  { value: '50k+', label: msg`Community members` },
  { value: '4.8', label: msg`Average rating` },
  { value: '1M+', label: msg`Monthly views` },
];

export function DiscoverScreen() {
  const { t, i18n } = useLingui();
  useDocumentMeta(t`Discover`, t`Recipes, stories and campaigns from the Kampala Prime Meats kitchen.`);
  return (
    <>
      <PageHeader
        eyebrow={t`Discover`}
        title={t`Cook, read and celebrate with us`}
        description={t`Recipes, stories and campaigns from our kitchen.`}
      />
      <div className="container-page py-12">
        <ul className="grid gap-5 md:grid-cols-3">
          {CARDS.map(({ icon: Icon, title, text, to }) => (
            <li key={to}>
              <Link
                to={to}
                className="group block h-full rounded-[var(--radius-card)] border border-line bg-surface p-7 transition-shadow hover:shadow-lift"
              >
                <Icon className="size-8 text-brand-700" aria-hidden="true" />
                <h2 className="mt-4 font-display text-2xl font-semibold text-ink">{i18n._(title)}</h2>
                <p className="mt-2 text-muted">{i18n._(text)}</p>
                <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
                  <Trans>Explore</Trans> <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" aria-hidden="true" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <dl className="mt-12 grid grid-cols-2 gap-4 rounded-[var(--radius-card)] bg-brand-950 p-8 text-cream md:grid-cols-4">
          {STATS.map((s) => (
            <div key={s.value} className="flex flex-col-reverse justify-end">
              <dt className="text-sm text-cream/75">{i18n._(s.label)}</dt>
              <dd className="font-display text-4xl font-semibold">{s.value}</dd>
            </div>
          ))}
        </dl>
        <section className="mt-12 rounded-[var(--radius-card)] border border-dashed border-line-strong bg-cream-deep p-8 text-center">
          <h2 className="font-display text-2xl font-semibold text-ink">
            <Trans>More is coming soon</Trans>
          </h2>
          <p className="mx-auto mt-2 max-w-lg text-muted">
            <Trans>Video recipes, butcher’s guides and a loyalty programme are on their way.</Trans>
          </p>
          <Button asChild variant="outline" className="mt-5">
            <Link to={paths.discover.comingSoon('other')}>
              <Trans>Get notified</Trans>
            </Link>
          </Button>
        </section>
      </div>
    </>
  );
}
