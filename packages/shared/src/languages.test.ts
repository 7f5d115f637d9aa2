import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, launchedLanguage } from './languages.ts';

describe('languageFromAcceptLanguage', () => {
  it("takes the browser's most wanted language the shop speaks, a regional tag counting as its language", () => {
    expect(languageFromAcceptLanguage('sw-KE,sw;q=0.9,en;q=0.8')).toBe('sw');
    expect(languageFromAcceptLanguage('fr-FR, lg;q=0.7, en;q=0.9')).toBe('en');
    expect(languageFromAcceptLanguage('en;q=0.5, LG')).toBe('lg');
  });

  it("finds none in a header without the shop's languages, or refusing them", () => {
    expect(languageFromAcceptLanguage(undefined)).toBeUndefined();
    expect(languageFromAcceptLanguage('fr, de;q=0.5')).toBeUndefined();
    expect(languageFromAcceptLanguage('sw;q=0, *;q=0.1')).toBeUndefined();
  });
});

describe('launchedLanguage', () => {
  it('accepts only the codes of launched languages', () => {
    expect(launchedLanguage('lg')).toBe('lg');
    expect(launchedLanguage('LG')).toBeUndefined();
    expect(launchedLanguage('fr')).toBeUndefined();
    expect(launchedLanguage(undefined)).toBeUndefined();
  });
});
