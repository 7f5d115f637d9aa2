/** Discover landing (spec 2): three cards, the community stats and a coming-soon block. */
import { ArrowRight, BookOpen, ChefHat, Megaphone } from 'lucide-react';
import { Link } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { PageHeader } from './page-header';

const CARDS = [
  {
    icon: ChefHat,
    title: 'Recipes',
    text: 'Step-by-step dishes for every cut, from breakfast rolls to Sunday roasts.',
    to: paths.discover.recipes,
  },
  { icon: BookOpen, title: 'Blogs', text: 'Stories from our plant, our farmers and the kitchens we supply.', to: paths.discover.blogs },
  { icon: Megaphone, title: 'Campaigns', text: 'Seasonal offers, grilling festivals and community events.', to: paths.discover.campaigns },
];

const STATS = [
  { value: '100+', label: 'Recipes' },
  { value: '50k+', label: 'Community members' },
  { value: '4.8', label: 'Average rating' },
  { value: '1M+', label: 'Monthly views' },
];

export function DiscoverScreen() {
  useDocumentMeta('Discover', 'Recipes, stories and campaigns from the Kampala Prime Meats kitchen.');
  return (
    <>
      <PageHeader
        eyebrow="Discover"
        title="Cook, read and celebrate with us"
        description="Recipes, stories and campaigns from our kitchen."
      />
      <div className="container-page py-12">
        <ul className="grid gap-5 md:grid-cols-3">
          {CARDS.map(({ icon: Icon, title, text, to }) => (
            <li key={title}>
              <Link
                to={to}
                className="group block h-full rounded-[var(--radius-card)] border border-line bg-surface p-7 transition-shadow hover:shadow-lift"
              >
                <Icon className="size-8 text-brand-700" aria-hidden="true" />
                <h2 className="mt-4 font-display text-2xl font-semibold text-ink">{title}</h2>
                <p className="mt-2 text-muted">{text}</p>
                <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
                  Explore <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" aria-hidden="true" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <dl className="mt-12 grid grid-cols-2 gap-4 rounded-[var(--radius-card)] bg-brand-950 p-8 text-cream md:grid-cols-4">
          {STATS.map((s) => (
            <div key={s.label} className="flex flex-col-reverse justify-end">
              <dt className="text-sm text-cream/75">{s.label}</dt>
              <dd className="font-display text-4xl font-semibold">{s.value}</dd>
            </div>
          ))}
        </dl>
        <section className="mt-12 rounded-[var(--radius-card)] border border-dashed border-line-strong bg-cream-deep p-8 text-center">
          <h2 className="font-display text-2xl font-semibold text-ink">More is coming soon</h2>
          <p className="mx-auto mt-2 max-w-lg text-muted">Video recipes, butcher’s guides and a loyalty programme are on their way.</p>
          <Button asChild variant="outline" className="mt-5">
            <Link to={paths.discover.comingSoon('other')}>Get notified</Link>
          </Button>
        </section>
      </div>
    </>
  );
}
