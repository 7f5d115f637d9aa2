/** Privacy policy and terms of service: plain, readable text for a Ugandan online shop. */
import { SHOP } from '@meatshop/shared/constants';
import type { ReactNode } from 'react';
import { useShopInfo } from '@/features/catalog/api/get-shop-info';
import { formatPhone } from '@/lib/format';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { PageHeader } from './page-header';

function Legal({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <>
      <PageHeader eyebrow="Legal" title={title} description={`Last updated ${updated}`} />
      <div className="container-page max-w-3xl space-y-6 py-12 leading-relaxed text-ink-soft [&_h2]:mt-8 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-ink">
        {children}
      </div>
    </>
  );
}

export function PrivacyScreen() {
  useDocumentMeta('Privacy Policy', `How ${SHOP.name} collects, uses and protects your personal data.`);
  // The support phone and email the rest of the storefront shows (Settings can change them).
  const shop = useShopInfo();
  return (
    <Legal title="Privacy Policy" updated="1 November 2026">
      <p>
        {SHOP.name} respects your privacy and handles personal data in line with Uganda’s Data Protection and Privacy Act, 2019. This policy
        explains what we collect, why, and the choices you have.
      </p>
      <h2>What we collect</h2>
      <p>
        Your name, email, phone number and delivery addresses; the orders you place; and, when you pay by mobile money or card, the payment
        reference our payment provider returns. We never see or store your card number or mobile money PIN.
      </p>
      <h2>How we use it</h2>
      <p>
        To deliver your orders, contact you about them, prevent fraud, and, only if you subscribe, send you news and offers. You can
        unsubscribe at any time.
      </p>
      <h2>Who we share it with</h2>
      <p>
        Our delivery riders see your name, phone and delivery location for the orders they carry. Payment providers receive what they need
        to process a payment. We do not sell personal data.
      </p>
      <h2>How long we keep it</h2>
      <p>
        Order records are kept for as long as the law requires for accounting; you may ask us to delete your account and profile at any
        time.
      </p>
      <h2>Your rights</h2>
      <p>
        You may ask to see, correct or delete your personal data by writing to {shop.supportEmail} or calling{' '}
        {formatPhone(shop.supportPhone)}.
      </p>
    </Legal>
  );
}

export function TermsScreen() {
  useDocumentMeta('Terms of Service', `The terms that apply when you shop with ${SHOP.name}.`);
  const shop = useShopInfo();
  return (
    <Legal title="Terms of Service" updated="1 November 2026">
      <p>These terms apply when you order from {SHOP.name} online. By placing an order you accept them.</p>
      <h2>Orders and prices</h2>
      <p>
        Prices are in Uganda shillings (UGX) and include VAT where it applies. A flat delivery fee of UGX 5,000 is added to each order. The
        price charged is the one shown when you place the order.
      </p>
      <h2>Delivery</h2>
      <p>
        We deliver across Kampala from our nearest outlet. Please be available at the delivery location; perishable goods cannot be left
        unattended.
      </p>
      <h2>Payment</h2>
      <p>
        You may pay by MTN Mobile Money, Airtel Money, card or cash on delivery. An order paid online is confirmed once the payment provider
        confirms the payment.
      </p>
      <h2>Cancellations and returns</h2>
      <p>
        You may cancel an order before it is picked up for delivery. If a product arrives damaged or not as described, contact us within 24
        hours and we will replace it or refund you.
      </p>
      <h2>Reviews</h2>
      <p>Reviews must be honest and about the product. We may remove reviews that are abusive, off-topic or advertise other businesses.</p>
      <h2>Contact</h2>
      <p>
        {SHOP.address} · {formatPhone(shop.supportPhone)} · {shop.supportEmail}
      </p>
    </Legal>
  );
}
