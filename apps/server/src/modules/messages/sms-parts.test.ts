import { describe, expect, it } from 'vitest';
import { smsParts } from './sms-parts.ts';

describe('smsParts', () => {
  it('fits 160 GSM-7 characters in one part and 153 a part beyond', () => {
    expect(smsParts('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, parts: 1 });
    expect(smsParts('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, parts: 2 });
    expect(smsParts('a'.repeat(306)).parts).toBe(2);
    expect(smsParts('a'.repeat(307)).parts).toBe(3);
  });

  it('counts an extension character as two septets', () => {
    expect(smsParts(`${'a'.repeat(158)}€`)).toEqual({ encoding: 'GSM-7', units: 160, parts: 1 });
    expect(smsParts(`${'a'.repeat(159)}[`).parts).toBe(2);
  });

  it('turns the whole text into UCS-2 for one Luganda ŋ or curly apostrophe: 70 in one part, 67 a part beyond', () => {
    const plain = 'Your order KPM-1042 has been delivered. Enjoy!';
    expect(smsParts(plain).encoding).toBe('GSM-7');
    expect(smsParts(`${plain} Weebale nnyo, ŋŋ`).encoding).toBe('UCS-2');
    expect(smsParts('Your order’s on its way')).toEqual({ encoding: 'UCS-2', units: 23, parts: 1 });
    expect(smsParts(`ŋ${'a'.repeat(69)}`).parts).toBe(1);
    expect(smsParts(`ŋ${'a'.repeat(70)}`).parts).toBe(2);
    expect(smsParts(`ŋ${'a'.repeat(133)}`).parts).toBe(2);
    expect(smsParts(`ŋ${'a'.repeat(134)}`).parts).toBe(3);
    // The straight apostrophe the SMS glossary asks for stays in GSM-7.
    expect(smsParts("Your order's on its way").encoding).toBe('GSM-7');
  });
});
