/**
 * Storefront home: headline with Shop Now and Learn More, the four badges,
 * Why Choose, the hero slider, a looping muted video, Get in Touch with opening hours, and a
 * closing Shop Now.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowRight, Award, BadgeCheck, Clock, Factory, Leaf, Mail, MapPin, Phone, ShieldCheck, Snowflake, Truck } from 'lucide-react';
import { Link } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { HeroSlider } from '@/features/site/components/hero-slider';
import { HomeVideo } from '@/features/site/components/home-video';
import { paths } from '@/lib/paths';
import { useShopInfo } from '@/features/catalog/api/get-shop-info';
import { formatPhone } from '@/lib/format';

const BADGES = [
  { icon: BadgeCheck, title: msg`Quality Assured`, text: msg`HACCP and ISO 22000 certified` },
  { icon: ShieldCheck, title: msg`100% Safe`, text: msg`National standards certified` },
  { icon: Truck, title: msg`Fast Delivery`, text: msg`Same day across Kampala` },
  { icon: Leaf, title: msg`Fresh Always`, text: msg`Cold chain from plant to door` },
] as const;

const REASONS = [
  {
    icon: Award,
    title: msg`East Africa’s largest processor`,
    text: msg`The region’s biggest meat processor by volume, trusted by households, restaurants and retailers.`,
  },
  {
    icon: Factory,
    title: msg`Modern facilities`,
    text: msg`Processed in our Bwaise plant with modern equipment and strict hygiene at every step.`,
  },
  {
    icon: Snowflake,
    title: msg`Unbroken cold chain`,
    text: msg`Chilled from the plant to your door, so every cut arrives as fresh as it left us.`,
  },
  {
    icon: BadgeCheck,
    title: msg`20+ years of craft`,
    text: msg`Two decades of recipes and butchery, with 100% of products quality assured.`,
  },
] as const;

const STATS = [
  { value: '20+', label: msg`Years of experience` },
  { value: '10K+', label: msg`Happy customers` },
  { value: '100%', label: msg`Quality assured` },
] as const;

export function HomeScreen() {
  const { t, i18n } = useLingui();
  return (
    <>
      <section className="relative isolate overflow-hidden bg-brand-950 text-cream">
        <div
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_75%_45%,rgb(178_58_50/0.45),transparent_60%),radial-gradient(ellipse_at_10%_100%,rgb(198_151_73/0.18),transparent_55%)]"
          aria-hidden="true"
        />
        <div className="container-page grid items-center gap-8 pt-12 pb-24 sm:pt-16 lg:grid-cols-[1.05fr_1fr] lg:gap-12 lg:pt-20 lg:pb-32">
          <div>
            <p className="mb-5 inline-flex items-center gap-2 rounded-full border border-gold/40 bg-white/5 px-3.5 py-1.5 text-xs font-semibold tracking-[0.14em] text-gold-soft uppercase">
              <span className="size-1.5 rounded-full bg-gold" aria-hidden="true" />
              <Trans>Processed in Kampala</Trans>
            </p>
            <h1 className="font-display text-[2.6rem] leading-[1.05] font-semibold tracking-tight text-balance sm:text-6xl lg:text-[4.25rem]">
              <Trans>Premium meats, crafted for your table.</Trans>
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-cream/80">
              <Trans>
                Sausages, cold cuts and fresh cuts from East Africa’s largest meat processor, certified safe and delivered to your door the
                same day.
              </Trans>
            </p>
            <div className="mt-9 flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg" variant="inverse">
                <Link to={paths.products}>
                  <Trans>Shop Now</Trans>
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              </Button>
              <Button
                asChild
                size="lg"
                variant="outline"
                className="border-cream/30 bg-transparent text-cream hover:border-cream/70 hover:bg-white/10"
              >
                <Link to={paths.about}>
                  <Trans>
                    Learn More<span className="sr-only"> about Kampala Prime Meats</span>
                  </Trans>
                </Link>
              </Button>
            </div>
            <dl className="mt-12 grid max-w-lg grid-cols-3 gap-4 border-t border-cream/15 pt-7">
              {STATS.map((s) => (
                <div key={s.value} className="flex flex-col-reverse justify-end">
                  <dt className="mt-1 text-xs text-cream/70 sm:text-sm">{i18n._(s.label)}</dt>
                  <dd className="font-display text-2xl font-semibold text-white sm:text-3xl">{s.value}</dd>
                </div>
              ))}
            </dl>
          </div>
          <div className="relative mx-auto w-full lg:max-w-none">
            <HeroSlider />
          </div>
        </div>
      </section>

      <section aria-label={t`Our promises`} className="container-page relative z-10 -mt-14 lg:-mt-16">
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {BADGES.map(({ icon: Icon, title, text }) => (
            <li
              key={title.id}
              className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-line bg-surface p-4 shadow-lift sm:flex-row sm:items-center sm:p-5"
            >
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span>
                <span className="block font-semibold text-ink">{i18n._(title)}</span>
                <span className="block text-xs text-muted sm:text-sm">{i18n._(text)}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="why-title" className="container-page py-20 sm:py-24">
        <div className="mx-auto max-w-2xl text-center">
          <p className="eyebrow">
            <Trans>Why choose us</Trans>
          </p>
          <h2 id="why-title" className="mt-3 font-display text-3xl font-semibold tracking-tight text-ink sm:text-4xl">
            <Trans>Why Choose Kampala Prime Meats</Trans>
          </h2>
          <p className="mt-4 text-muted sm:text-lg">
            <Trans>Quality you can taste, safety you can trust, and a team that has been perfecting its craft for over twenty years.</Trans>
          </p>
        </div>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {REASONS.map(({ icon: Icon, title, text }) => (
            <li
              key={title.id}
              className="group rounded-[var(--radius-card)] border border-line bg-surface p-6 transition-shadow hover:shadow-lift"
            >
              <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-brand-700 text-white shadow-sm">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-ink">{i18n._(title)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{i18n._(text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <HomeVideo />

      <section aria-labelledby="contact-title" className="bg-cream-deep">
        <div className="container-page grid gap-10 py-16 sm:py-20 lg:grid-cols-2 lg:items-center">
          <div>
            <p className="eyebrow">
              <Trans>Get in touch</Trans>
            </p>
            <h2 id="contact-title" className="mt-3 font-display text-3xl font-semibold tracking-tight text-ink sm:text-4xl">
              <Trans>Questions, bulk orders or a special cut?</Trans>
            </h2>
            <p className="mt-4 max-w-lg text-muted sm:text-lg">
              <Trans>Our team serves restaurants, hotels and retailers as well as households. Call, write or visit us.</Trans>
            </p>
            <Button asChild variant="outline" size="lg" className="mt-8">
              <Link to={paths.contact}>
                <Trans>Contact us</Trans>
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </Button>
          </div>
          <ul className="grid gap-3 sm:grid-cols-2">
            <ShopContactTiles />
            <ContactTile icon={MapPin} title={t`Visit`} lines={[t`Bwaise Industrial Area`, t`Kampala, Uganda`]} />
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-title" className="container-page py-16 sm:py-20">
        <div className="relative overflow-hidden rounded-[2rem] bg-brand-700 px-6 py-12 text-center text-white sm:px-12 sm:py-16">
          <div
            className="absolute inset-0 bg-[radial-gradient(circle_at_20%_0%,rgb(255_255_255/0.14),transparent_45%),radial-gradient(circle_at_90%_100%,rgb(44_10_10/0.5),transparent_50%)]"
            aria-hidden="true"
          />
          <div className="relative">
            <h2 id="cta-title" className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">
              <Trans>Fire up the grill tonight</Trans>
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-white/85 sm:text-lg">
              <Trans>Order before 2 PM for same-day delivery anywhere in Kampala.</Trans>
            </p>
            <Button asChild size="lg" variant="inverse" className="mt-8">
              <Link to={paths.products}>
                <Trans>Shop Now</Trans>
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}

interface ContactTileProps {
  icon: typeof Clock;
  title: string;
  lines: readonly string[];
  href?: string;
}

/** Hours, phone and email as the admin sets them in Settings. */
function ShopContactTiles() {
  const shop = useShopInfo();
  const { t } = useLingui();
  return (
    <>
      <ContactTile icon={Clock} title={t`Opening hours`} lines={shop.defaultHours ? [shop.hours, t`Sunday closed`] : [shop.hours]} />
      <ContactTile icon={Phone} title={t`Call us`} lines={[formatPhone(shop.supportPhone)]} href={`tel:${shop.supportPhone}`} />
      <ContactTile icon={Mail} title={t`Email`} lines={[shop.supportEmail]} href={`mailto:${shop.supportEmail}`} />
    </>
  );
}

function ContactTile({ icon: Icon, title, lines, href }: ContactTileProps) {
  const body = (
    <>
      <Icon className="size-5 text-brand-700" aria-hidden="true" />
      <span className="mt-3 block text-sm font-semibold text-ink">{title}</span>
      {lines.map((l) => (
        <span key={l} className="block text-sm text-muted">
          {l}
        </span>
      ))}
    </>
  );
  return (
    <li>
      {href ? (
        <a href={href} className="block h-full rounded-2xl border border-line bg-surface p-5 transition-shadow hover:shadow-card">
          {body}
        </a>
      ) : (
        <div className="h-full rounded-2xl border border-line bg-surface p-5">{body}</div>
      )}
    </li>
  );
}
