/**
 * The account side's words that come from `@meatshop/shared` (checkout and payment messages, the
 * checkout schema's validation messages; status words are in status-texts.ts), in the page's
 * language. The shared package stays English (the server and its tests use it too); these descriptors join the account
 * catalog, and `shopText` turns one of those English texts into the page's language, leaving any other
 * text (a server's message not listed here) as it came.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SubstitutionPreference } from '@meatshop/shared/substitutions';

export const SUBSTITUTION_PREFERENCE_TEXT: Record<SubstitutionPreference, MessageDescriptor> = {
  best_match: msg`Best match`,
  specific: msg`A specific alternative`,
  refund: msg`Refund if unavailable`,
};

/** Shared English texts the account screens show as they are (toasts, field errors), by their English. */
const KNOWN: Record<string, MessageDescriptor> = {
  // CHECKOUT_MESSAGES
  'Please sign in to continue checkout': msg`Please sign in to continue checkout`,
  'Please select a delivery location': msg`Please select a delivery location`,
  'Please enter your mobile money number': msg`Please enter your mobile money number`,
  'Order placed successfully!': msg`Order placed successfully!`,
  'Order placed. It is waiting for your business’s approval.': msg`Order placed. It is waiting for your business’s approval.`,
  'Failed to place order. Please try again.': msg`Failed to place order. Please try again.`,
  'Failed to initiate payment. Please try again.': msg`Failed to initiate payment. Please try again.`,
  'Unable to connect to payment service. Please check your internet connection and try again.': msg`Unable to connect to payment service. Please check your internet connection and try again.`,
  'Payment service is temporarily unavailable. Please try again later.': msg`Payment service is temporarily unavailable. Please try again later.`,
  // PAYMENT_MESSAGES
  'Unable to verify payment status. Please check your order history.': msg`Unable to verify payment status. Please check your order history.`,
  'Failed to verify payment': msg`Failed to verify payment`,
  "We couldn't verify your payment. Please try again or contact support.": msg`We couldn't verify your payment. Please try again or contact support.`,
  'Payment completed successfully.': msg`Payment completed successfully.`,
  'Invalid payment reference': msg`Invalid payment reference`,
  'Mobile money and card payments are not available at the moment. Please choose cash on delivery.': msg`Mobile money and card payments are not available at the moment. Please choose cash on delivery.`,
  'Not available at the moment': msg`Not available at the moment`,
  'Mobile money and card payments are not available at the moment: you pay the rider in cash on delivery.': msg`Mobile money and card payments are not available at the moment: you pay the rider in cash on delivery.`,
  // The checkout schema's field messages
  'Enter an MTN Uganda mobile money number': msg`Enter an MTN Uganda mobile money number`,
  'Enter an Airtel Uganda mobile money number': msg`Enter an Airtel Uganda mobile money number`,
  'We only deliver within East Africa. Please select a delivery location.': msg`We only deliver within East Africa. Please select a delivery location.`,
  // customerRefundState's words
  'On its way': msg`On its way`,
  'Being processed': msg`Being processed`,
  'Ready to collect': msg`Ready to collect`,
  'Being sorted out': msg`Being sorted out`,
  'Paid back in cash': msg`Paid back in cash`,
  'In cash at our outlet': msg`In cash at our outlet`,
  'We will contact you': msg`We will contact you`,
  Refunded: msg`Refunded`,
  // SUBSTITUTION_MESSAGES a customer meets
  'Choose the alternative you would like, or pick another option': msg`Choose the alternative you would like, or pick another option`,
  'Choose a different product as the alternative': msg`Choose a different product as the alternative`,
  'That alternative is no longer available. Please choose another.': msg`That alternative is no longer available. Please choose another.`,
  'The time to refuse this substitute has passed.': msg`The time to refuse this substitute has passed.`,
  'The rider has already picked this order up: the substitute can no longer be refused.': msg`The rider has already picked this order up: the substitute can no longer be refused.`,
};

/** `text` in the page's language when it is one of the shared texts above; otherwise as it is. */
export function shopText(i18n: I18n, text: string): string;
export function shopText(i18n: I18n, text: string | undefined): string | undefined;
export function shopText(i18n: I18n, text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const known = KNOWN[text];
  return known ? i18n._(known) : text;
}
