/**
 * Payment method cards (cash on delivery by default) and the mobile money number when needed. A
 * method the shop cannot take now (no payment provider set up) shows as unavailable, not selectable.
 */
import { PAYMENT_MESSAGES } from '@meatshop/shared/payments';
import { PAYMENT_METHOD_LABEL, PAYMENT_METHODS, type PaymentMethod } from '@meatshop/shared/status';
import { Banknote, CreditCard, Smartphone } from 'lucide-react';
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
};
const HINTS: Record<PaymentMethod, string> = {
  mtn_money: 'Approve the prompt on your phone',
  airtel_money: 'Approve the prompt on your phone',
  card: 'Visa or Mastercard, securely',
  cash_on_delivery: 'Pay the rider when it arrives',
};
/** Cash first: it is the default and the one most customers pick. */
const ORDER: PaymentMethod[] = ['cash_on_delivery', ...PAYMENT_METHODS.filter((m) => m !== 'cash_on_delivery')];

interface Props {
  value: PaymentMethod;
  onChange: (m: PaymentMethod) => void;
  phone: string;
  onPhoneChange: (v: string) => void;
  phoneError?: string;
}

export function PaymentMethodPicker({ value, onChange, phone, onPhoneChange, phoneError }: Props) {
  const mobile = value === 'mtn_money' || value === 'airtel_money';
  // Until the shop's settings arrive every method is offered; the server refuses one it cannot take.
  const offered = usePublicConfig().data?.paymentMethods;
  const unavailable = (m: PaymentMethod) => !!offered && !offered.includes(m);
  useEffect(() => {
    if (offered && !offered.includes(value)) onChange('cash_on_delivery');
  }, [offered, value, onChange]);
  return (
    <div className="space-y-4">
      <div role="radiogroup" aria-label="Payment method" className="grid gap-3 sm:grid-cols-2">
        {ORDER.map((m) => {
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
                <span className={cn('block font-semibold', off ? 'text-ink-soft' : 'text-ink')}>{PAYMENT_METHOD_LABEL[m]}</span>
                <span className="block text-xs text-muted">{off ? PAYMENT_MESSAGES.methodUnavailable : HINTS[m]}</span>
              </span>
            </label>
          );
        })}
      </div>
      {offered && offered.length === 1 ? <p className="text-sm text-muted">{PAYMENT_MESSAGES.cashOnly}</p> : null}
      {mobile ? (
        <Field id="mobile-money-phone" label={`${PAYMENT_METHOD_LABEL[value]} number`} error={phoneError}>
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
