/** Storefront footer: about text, ISO 22000 badge, quick links, contact, social, legal. */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { SHOP } from '@meatshop/shared/constants';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { Link } from '@/lib/router';
import { IsoBadge } from '@/components/brand/iso-badge';
import { Logo } from '@/components/brand/logo';
import { SocialLinks } from '@/components/brand/social-links';
import { paths } from '@/lib/paths';
import { useShopInfo } from '@/features/catalog/api/get-shop-info';
import { formatPhone } from '@/lib/format';

const QUICK_LINKS = [
  { label: msg`Products`, to: paths.products },
  { label: msg`Track Order`, to: paths.orders },
  { label: msg`My Account`, to: paths.account },
  { label: msg`Certifications`, to: paths.certifications },
] as const;

const headingClass = 'mb-4 text-xs font-semibold tracking-[0.18em] text-gold-soft uppercase';
const linkClass = 'text-cream/80 transition-colors hover:text-white';

export function SiteFooter() {
  const shop = useShopInfo();
  const { i18n } = useLingui();
  const year = new Date().getFullYear();
  const shopName = SHOP.name;
  return (
    <footer className="mt-auto bg-brand-950 text-cream">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1.2fr_1fr] lg:gap-12 lg:py-16">
        <section aria-labelledby="footer-about">
          <Logo tone="light" />
          <h2 id="footer-about" className={`${headingClass} mt-7 mb-2`}>
            <Trans>About Us</Trans>
          </h2>
          <p className="max-w-sm text-sm leading-relaxed text-cream/80">
            <Trans>
              For more than 20 years we have processed premium sausages, cold cuts and fresh meats in Kampala for households, restaurants
              and retailers, to standards you can taste.
            </Trans>
          </p>
          <IsoBadge className="mt-6" />
        </section>

        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className={headingClass}>
            <Trans>Quick Links</Trans>
          </h2>
          <ul className="space-y-3 text-sm">
            {QUICK_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass}>
                  {i18n._(l.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={headingClass}>
            <Trans>Contact</Trans>
          </h2>
          <address className="space-y-3 text-sm not-italic">
            <p className="flex gap-3 text-cream/80">
              <MapPin className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
              {SHOP.address}
            </p>
            <p>
              <a href={`tel:${shop.supportPhone}`} className={`flex gap-3 ${linkClass}`}>
                <Phone className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
                {formatPhone(shop.supportPhone)}
              </a>
            </p>
            <p>
              <a href={`mailto:${shop.supportEmail}`} className={`flex gap-3 ${linkClass}`}>
                <Mail className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
                {shop.supportEmail}
              </a>
            </p>
            <p className="flex gap-3 text-cream/80">
              <Clock className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
              {shop.hours}
            </p>
          </address>
        </section>

        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className={headingClass}>
            <Trans>Follow Us</Trans>
          </h2>
          <p className="mb-4 text-sm text-cream/80">
            <Trans>Recipes, new cuts and weekend specials.</Trans>
          </p>
          <SocialLinks
            className="gap-2"
            itemClassName="size-10 border border-cream/20 text-cream/85 hover:border-cream/60 hover:bg-white/10 hover:text-white"
          />
        </section>
      </div>

      <div className="border-t border-cream/10">
        <div className="container-page flex flex-col gap-3 py-6 text-xs text-cream/70 sm:flex-row sm:items-center sm:justify-between">
          <p>
            <Trans>
              © {year} {shopName}. Processed in Bwaise, Kampala.
            </Trans>
          </p>
          <ul className="flex gap-5">
            <li>
              <Link to={paths.privacy} className="hover:text-white">
                <Trans>Privacy Policy</Trans>
              </Link>
            </li>
            <li>
              <Link to={paths.terms} className="hover:text-white">
                <Trans>Terms of Service</Trans>
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
