/** Privacy policy and terms of service: plain, readable text for a Ugandan online shop. */
import { Trans, useLingui } from '@lingui/react/macro';
import { SHOP } from '@meatshop/shared/constants';
import type { ReactNode } from 'react';
import { useShopInfo } from '@/features/catalog/api/get-shop-info';
import { formatPhone } from '@/lib/format';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { PageHeader } from './page-header';

function Legal({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <>
      <PageHeader eyebrow={t`Legal`} title={title} description={t`Last updated ${updated}`} />
      <div className="container-page max-w-3xl space-y-6 py-12 leading-relaxed text-ink-soft [&_h2]:mt-8 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-ink">
        {children}
      </div>
    </>
  );
}

export function PrivacyScreen() {
  const { t } = useLingui();
  const shopName = SHOP.name;
  useDocumentMeta(t`Privacy Policy`, t`How ${shopName} collects, uses and protects your personal data.`);
  // The support phone and email the rest of the storefront shows (Settings can change them).
  const shop = useShopInfo();
  const email = shop.supportEmail;
  const phone = formatPhone(shop.supportPhone);
  return (
    <Legal title={t`Privacy Policy`} updated={t`1 November 2026`}>
      <p>
        <Trans>
          {shopName} respects your privacy and handles personal data in line with Uganda’s Data Protection and Privacy Act, 2019. This
          policy explains what we collect, why, and the choices you have.
        </Trans>
      </p>
      <h2>
        <Trans>What we collect</Trans>
      </h2>
      <p>
        <Trans>
          Your name, email, phone number and delivery addresses; the orders you place; and, when you pay by mobile money or card, the
          payment reference our payment provider returns. We never see or store your card number or mobile money PIN.
        </Trans>
      </p>
      <h2>
        <Trans>How we use it</Trans>
      </h2>
      <p>
        <Trans>
          To deliver your orders, contact you about them, prevent fraud, and, only if you subscribe, send you news and offers. You can
          unsubscribe at any time.
        </Trans>
      </p>
      <h2>
        <Trans>Who we share it with</Trans>
      </h2>
      <p>
        <Trans>
          Our delivery riders see your name, phone and delivery location for the orders they carry. Payment providers receive what they need
          to process a payment. We do not sell personal data.
        </Trans>
      </p>
      <h2>
        <Trans>How long we keep it</Trans>
      </h2>
      <p>
        <Trans>
          Order records are kept for as long as the law requires for accounting; you may ask us to delete your account and profile at any
          time.
        </Trans>
      </p>
      <h2>
        <Trans>Your rights</Trans>
      </h2>
      <p>
        <Trans>
          You may ask to see, correct or delete your personal data by writing to {email} or calling {phone}.
        </Trans>
      </p>
    </Legal>
  );
}

export function TermsScreen() {
  const { t } = useLingui();
  const shopName = SHOP.name;
  useDocumentMeta(t`Terms of Service`, t`The terms that apply when you shop with ${shopName}.`);
  const shop = useShopInfo();
  return (
    <Legal title={t`Terms of Service`} updated={t`1 November 2026`}>
      <p>
        <Trans>These terms apply when you order from {shopName} online. By placing an order you accept them.</Trans>
      </p>
      <h2>
        <Trans>Orders and prices</Trans>
      </h2>
      <p>
        <Trans>
          Prices are in Uganda shillings (UGX) and include VAT where it applies. A flat delivery fee of UGX 5,000 is added to each order.
          The price charged is the one shown when you place the order.
        </Trans>
      </p>
      <h2>
        <Trans>Delivery</Trans>
      </h2>
      <p>
        <Trans>
          We deliver across Kampala from our nearest outlet. Please be available at the delivery location; perishable goods cannot be left
          unattended.
        </Trans>
      </p>
      <h2>
        <Trans>Payment</Trans>
      </h2>
      <p>
        <Trans>
          You may pay by MTN Mobile Money, Airtel Money, card or cash on delivery. An order paid online is confirmed once the payment
          provider confirms the payment.
        </Trans>
      </p>
      <h2>
        <Trans>Cancellations and returns</Trans>
      </h2>
      <p>
        <Trans>
          You may cancel an order before it is picked up for delivery. If a product arrives damaged or not as described, contact us within
          24 hours and we will replace it or refund you.
        </Trans>
      </p>
      <h2>
        <Trans>Reviews</Trans>
      </h2>
      <p>
        <Trans>
          Reviews must be honest and about the product. We may remove reviews that are abusive, off-topic or advertise other businesses.
        </Trans>
      </p>
      <h2>
        <Trans>Contact</Trans>
      </h2>
      <p>
        {SHOP.address} · {formatPhone(shop.supportPhone)} · {shop.supportEmail}
      </p>
    </Legal>
  );
}
