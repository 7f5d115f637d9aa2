/** What a person types in a back-office search box, turned into what the database is asked. */

/** A LIKE pattern that finds `text` anywhere, LIKE's own characters in it searched for, not obeyed. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The digits to look for in a stored phone number, when the text is a phone number written any way
 * (spaces, +, brackets, dashes) with three or more digits: without the leading 0 or 256, so "0772
 * 100 002" and "+256772100002" both find +256772100002. Null when the text is not a phone number.
 */
export function phoneDigitsOf(text: string): string | null {
  const digits = text.replace(/\D/g, '');
  if (digits.length < 3 || !/^[\d\s+()-]+$/.test(text)) return null;
  return digits.replace(/^(256|0)/, '') || digits;
}
