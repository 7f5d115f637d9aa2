/** Ugandan phone numbers: checked and stored in international form (+256...). */
import { parsePhoneNumberFromString } from 'libphonenumber-js';

export function normalizePhone(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), 'UG');
  if (!parsed?.isValid()) return null;
  return parsed.number;
}

/** Mobile-money networks by national prefix (Uganda Communications Commission allocations). */
const NETWORK_PREFIXES = {
  mtn_money: ['76', '77', '78', '79', '39'],
  airtel_money: ['70', '74', '75', '20'],
} as const;

export function phoneMatchesNetwork(e164: string, network: keyof typeof NETWORK_PREFIXES): boolean {
  if (!e164.startsWith('+256')) return false;
  const national = e164.slice(4);
  return NETWORK_PREFIXES[network].some((p) => national.startsWith(p));
}
