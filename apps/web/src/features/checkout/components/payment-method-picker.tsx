/**
 * Payment method cards (cash on delivery by default) and the mobile money number when needed. A
 * method the shop cannot take now (no payment provider set up) shows as unavailable, not selectable.
 * On account appears only for a member of a business with terms (the screen passes `onAccount`).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { shopText } from '@/features/orders/shop-texts';
import { PAYMENT_METHOD_TEXT } from '@/features/orders/status-texts';
import { PAYMENT_MESSAGES } from '@meatshop/shared/payments';
import { PAYMENT_METHODS, type PaymentMethod } from '@meatshop/shared/status';
import { Banknote, Building2, CreditCard, Smartphone } from 'lucide-react';
import { useEffect } from 'react';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { usePublicConfig } from '../api/get-public-config';

const ICONS: Record<PaymentMethod, typeof Banknote> = {
  mtn_money: Smartphone,
  airtel_money: Smartphone,
  card: CreditCard,
  cash_on_delivery: Banknote,
  on_account: Building2,
};
const HINTS: Record<PaymentMethod, MessageDescriptor> = {
  mtn_money: msg`Approve the prompt on your phone`,
  airtel_money: msg`Approve the prompt on your phone`,
  card: msg`Visa or Mastercard, securely`,
  cash_on_delivery: msg`Pay the rider when it arrives`,
  on_account: msg`Nothing to pay now: invoiced on delivery`,
};
/** Cash first: it is the default and the one most customers pick. On account is added for a business. */
const ORDER: PaymentMethod[] = ['cash_on_delivery', ...PAYMENT_METHODS.filter((m) => m !== 'cash_on_delivery' && m !== 'on_account')];

/** The member's business when it may order on account: its name and net days. */
export interface OnAccountOffer {
  businessName: string;
  termsDays: number;
}

interface Props {
  value: PaymentMethod;
  onChange: (m: PaymentMethod) => void;
  phone: string;
  onPhoneChange: (v: string) => void;
  phoneError?: string;
  onAccount?: OnAccountOffer | null;
  /** The server's refusal of the method (an on-account order past the credit limit, say). */
  methodError?: string;
}

export function PaymentMethodPicker({ value, onChange, phone, onPhoneChange, phoneError, onAccount, methodError }: Props) {
  const { t, i18n } = useLingui();
  const mobile = value === 'mtn_money' || value === 'airtel_money';
  // Until the shop's settings arrive every method is offered; the server refuses one it cannot take.
  const offered = usePublicConfig().data?.paymentMethods;
  const unavailable = (m: PaymentMethod) => m !== 'on_account' && !!offered && !offered.includes(m);
  const methods: PaymentMethod[] = onAccount ? ['on_account', ...ORDER] : ORDER;
  useEffect(() => {
    if (value === 'on_account' ? !onAccount : offered && !offered.includes(value)) onChange('cash_on_delivery');
  }, [offered, value, onChange, onAccount]);
  const hint = (m: PaymentMethod) =>
    m === 'on_account' && onAccount
      ? t`${onAccount.businessName}: invoiced on delivery, net ${onAccount.termsDays} days`
      : i18n._(HINTS[m]);
  return (
    <div className="space-y-4">
      <div role="radiogroup" aria-label={t`Payment method`} className="grid gap-3 sm:grid-cols-2">
        {methods.map((m) => {
          const Icon = ICONS[m];
          const checked = value === m;
          const off = unavailable(m);
          return (
            <label
              key={m}
              className={cn(
                'flex items-center gap-3 rounded-2xl border p-4 transition-colors',
                off
                  ? 'cursor-not-allowed border-line bg-cream-deep/40'
                  : checked
                    ? 'cursor-pointer border-brand-700 bg-brand-50 ring-2 ring-brand-700/15'
                    : 'cursor-pointer border-line-strong bg-surface hover:border-ink/40',
              )}
            >
              <input
                type="radio"
                name="payment-method"
                value={m}
                checked={checked}
                disabled={off}
                onChange={() => onChange(m)}
                className="sr-only"
              />
              <span
                className={cn(
                  'inline-flex size-10 items-center justify-center rounded-full',
                  checked ? 'bg-brand-700 text-white' : 'bg-cream-deep text-ink-soft',
                )}
              >
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span>
                <span className={cn('block font-semibold', off ? 'text-ink-soft' : 'text-ink')}>{i18n._(PAYMENT_METHOD_TEXT[m])}</span>
                <span className="block text-xs text-muted">{off ? shopText(i18n, PAYMENT_MESSAGES.methodUnavailable) : hint(m)}</span>
              </span>
            </label>
          );
        })}
      </div>
      {methodError ? (
        <p role="alert" className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-medium text-danger">
          {methodError}
        </p>
      ) : null}
      {offered && offered.length === 1 && !onAccount ? (
        <p className="text-sm text-muted">{shopText(i18n, PAYMENT_MESSAGES.cashOnly)}</p>
      ) : null}
      {mobile ? (
        <Field id="mobile-money-phone" label={t`${i18n._(PAYMENT_METHOD_TEXT[value])} number`} error={phoneError}>
          <Input
            id="mobile-money-phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={value === 'mtn_money' ? '0772 123456' : '0752 123456'}
            value={phone}
            onChange={(e) => onPhoneChange(e.target.value)}
            invalid={!!phoneError}
            aria-describedby={fieldDescribedBy('mobile-money-phone', phoneError)}
          />
        </Field>
      ) : null}
    </div>
  );
}
