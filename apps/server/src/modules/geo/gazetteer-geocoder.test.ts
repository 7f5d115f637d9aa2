import { describe, expect, it } from 'vitest';
import { GAZETTEER } from './gazetteer-data.ts';
import { gazetteerGeocoder } from './gazetteer-geocoder.ts';

describe('built-in gazetteer', () => {
  const geo = gazetteerGeocoder();

  it('knows at least 60 Kampala places of every kind, all near Kampala', () => {
    expect(GAZETTEER.length).toBeGreaterThanOrEqual(60);
    for (const kind of ['neighbourhood', 'landmark', 'market', 'road', 'town']) expect(GAZETTEER.some((p) => p.kind === kind)).toBe(true);
    for (const p of GAZETTEER) {
      expect(Math.abs(p.lat - 0.32)).toBeLessThan(0.35);
      expect(Math.abs(p.lng - 32.58)).toBeLessThan(0.35);
    }
  });

  it('finds places by any word, case- and accent-insensitively, at most 5', async () => {
    expect((await geo.search('MARKET')).length).toBe(5);
    expect((await geo.search('owino'))[0]?.formattedAddress).toMatch(/^Owino Market/);
    expect((await geo.search('ntinda kampala'))[0]?.formattedAddress).toMatch(/^Ntinda/);
    expect(await geo.search('zzzz')).toEqual([]);
  });

  it('reverse-geocodes to the nearest place, and says "Near" when far from it', async () => {
    expect((await geo.reverse(0.3131, 32.5789))?.formattedAddress).toMatch(/^Nakasero Market/);
    expect((await geo.reverse(0.5, 32.9))?.formattedAddress).toMatch(/^Near /);
    expect(await geo.reverse(-1.29, 36.82)).toBeNull();
  });
});
