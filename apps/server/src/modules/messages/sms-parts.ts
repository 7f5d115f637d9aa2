/**
 * How many SMS parts a text takes, which is what a message costs. A text entirely in the GSM-7
 * alphabet takes 160 septets in one part (153 a part once split, the rest carries the joining
 * header), an extension character (€ [ ] { } \ ^ ~ | and form feed) two septets; any other character
 * makes the whole text UCS-2: 70 characters in one part, 67 a part once split. Two characters this
 * shop writes are outside GSM-7: Luganda's ŋ and the curly apostrophe ’ of the English texts, so
 * one of either more than halves the room of the whole SMS.
 */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '\f^{}\\[~]|€';

export interface SmsParts {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) the text takes. */
  units: number;
  parts: number;
}

export function smsParts(text: string): SmsParts {
  let septets = 0;
  for (const ch of text) {
    if (GSM7_BASIC.includes(ch)) septets += 1;
    else if (GSM7_EXTENSION.includes(ch)) septets += 2;
    else {
      // UCS-2 counts UTF-16 units: a character outside the BMP (an emoji) takes two.
      const units = text.length;
      return { encoding: 'UCS-2', units, parts: units <= 70 ? 1 : Math.ceil(units / 67) };
    }
  }
  return { encoding: 'GSM-7', units: septets, parts: septets <= 160 ? 1 : Math.ceil(septets / 153) };
}
