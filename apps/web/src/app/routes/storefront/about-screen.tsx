/** About (Our Story, spec 2): hero, story, stats, mission, vision, awards, three blurbs, Shop Now. */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowRight, Award, Factory, ShieldCheck, Target, Telescope, Trophy, Truck } from 'lucide-react';
import { Link } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { useDocumentMeta } from '@/lib/use-document-meta';

const STATS = [
  { value: '20+', label: msg`Years of experience` },
  { value: '10K+', label: msg`Happy customers` },
  { value: '100%', label: msg`Quality assured` },
  { value: '#1', label: msg`Processor in East Africa by volume` },
];

const AWARDS = [
  { icon: Trophy, year: '2024', title: msg`Uganda Manufacturers Association`, text: msg`Best Food Processor of the Year` },
  { icon: Award, year: '2023', title: msg`East Africa Food Awards`, text: msg`Excellence in Food Safety` },
  { icon: ShieldCheck, year: '2022', title: msg`National Standards Bureau`, text: msg`Quality Mark of Distinction` },
];

const BLURBS = [
  {
    icon: Factory,
    title: msg`Modern Facilities`,
    text: msg`A modern processing plant in Bwaise with temperature-controlled lines and cold rooms.`,
  },
  { icon: ShieldCheck, title: msg`Quality Assured`, text: msg`HACCP and ISO 22000 systems, with every batch tested before it leaves us.` },
  { icon: Truck, title: msg`Fast Delivery`, text: msg`Refrigerated delivery across Kampala, the same day for orders before 2 PM.` },
];

export function AboutScreen() {
  const { t, i18n } = useLingui();
  useDocumentMeta(t`Our Story`, t`Two decades of processing premium sausages, cold cuts and fresh meat in Kampala.`);
  return (
    <>
      <section className="relative isolate overflow-hidden bg-brand-950 text-cream">
        <img
          src="/site/hero-board.webp"
          alt=""
          className="absolute inset-0 -z-10 size-full object-cover opacity-35"
          width={1600}
          height={700}
        />
        <div className="container-page py-20 sm:py-28">
          <p className="eyebrow text-gold-soft">
            <Trans>Our Story</Trans>
          </p>
          <h1 className="mt-3 max-w-3xl font-display text-4xl font-semibold tracking-tight sm:text-6xl">
            <Trans>From a Bwaise butchery to East Africa’s largest meat processor</Trans>
          </h1>
        </div>
      </section>

      <section className="container-page grid gap-10 py-16 lg:grid-cols-2">
        <div className="space-y-4 text-lg leading-relaxed text-ink-soft">
          <p>
            <Trans>
              More than twenty years ago we opened a small butchery in Bwaise with one promise: meat you can trust, prepared the way Kampala
              likes it. Word spread from household to household, and soon restaurants, hotels and supermarkets were asking for our sausages.
            </Trans>
          </p>
          <p>
            <Trans>
              Today we are the largest meat processor in East Africa by volume. Our plant smokes, cures and packs sausages, cold cuts and
              fresh cuts every morning, and our own refrigerated vans bring them to your door.
            </Trans>
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-4">
          {STATS.map((s) => (
            <div key={s.value} className="rounded-[var(--radius-card)] border border-line bg-surface p-6">
              <dd className="font-display text-4xl font-semibold text-brand-700">{s.value}</dd>
              <dt className="mt-1 text-sm text-muted">{i18n._(s.label)}</dt>
            </div>
          ))}
        </dl>
      </section>

      <section className="bg-cream-deep">
        <div className="container-page grid gap-6 py-16 md:grid-cols-2">
          <article className="rounded-[var(--radius-card)] bg-surface p-8">
            <Target className="size-8 text-brand-700" aria-hidden="true" />
            <h2 className="mt-4 font-display text-2xl font-semibold text-ink">
              <Trans>Our Mission</Trans>
            </h2>
            <p className="mt-2 text-ink-soft">
              <Trans>To put safe, delicious and affordable meat on every Ugandan table, processed to international standards.</Trans>
            </p>
          </article>
          <article className="rounded-[var(--radius-card)] bg-surface p-8">
            <Telescope className="size-8 text-brand-700" aria-hidden="true" />
            <h2 className="mt-4 font-display text-2xl font-semibold text-ink">
              <Trans>Our Vision</Trans>
            </h2>
            <p className="mt-2 text-ink-soft">
              <Trans>To be Africa’s most trusted name in processed and fresh meat, known for quality, craft and care.</Trans>
            </p>
          </article>
        </div>
      </section>

      <section aria-labelledby="awards-title" className="container-page py-16">
        <h2 id="awards-title" className="font-display text-3xl font-semibold text-ink">
          <Trans>Awards</Trans>
        </h2>
        {/* A grid on desktop, a scrolling strip on a phone (spec 2). */}
        <ul className="-mx-4 mt-6 flex snap-x scroll-px-4 gap-4 overflow-x-auto px-4 pb-2 md:mx-0 md:grid md:grid-cols-3 md:overflow-visible md:px-0">
          {AWARDS.map(({ icon: Icon, year, title, text }) => (
            <li key={year} className="w-72 shrink-0 snap-start rounded-[var(--radius-card)] border border-line bg-surface p-6 md:w-auto">
              <div className="flex aspect-[3/2] items-center justify-center rounded-2xl bg-[radial-gradient(circle,var(--color-gold-soft),var(--color-cream-deep))]">
                <Icon className="size-16 text-gold" aria-hidden="true" />
              </div>
              <p className="mt-4 text-xs font-bold text-brand-700">{year}</p>
              <h3 className="font-semibold text-ink">{i18n._(title)}</h3>
              <p className="text-sm text-muted">{i18n._(text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="container-page pb-16">
        <ul className="grid gap-5 md:grid-cols-3">
          {BLURBS.map(({ icon: Icon, title, text }) => (
            <li key={title.id} className="rounded-[var(--radius-card)] border border-line bg-surface p-6">
              <Icon className="size-7 text-brand-700" aria-hidden="true" />
              <h3 className="mt-3 text-lg font-semibold text-ink">{i18n._(title)}</h3>
              <p className="mt-1 text-sm text-muted">{i18n._(text)}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <Button asChild size="lg">
            <Link to={paths.products}>
              <Trans>Shop Now</Trans>
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </section>
    </>
  );
}
