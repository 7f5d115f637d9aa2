import { describe, expect, it } from 'vitest';
import { kampalaDayRange } from './kampala-time.ts';

describe('kampalaDayRange', () => {
  it('runs from Kampala midnight of the first day to Kampala midnight after the last', () => {
    expect(kampalaDayRange('2026-11-21', '2026-11-22')).toEqual({
      from: new Date('2026-11-20T21:00:00Z'),
      before: new Date('2026-11-22T21:00:00Z'),
    });
  });

  it('leaves out the side that is not given', () => {
    expect(kampalaDayRange(undefined, '2026-12-31')).toEqual({ from: undefined, before: new Date('2026-12-31T21:00:00Z') });
    expect(kampalaDayRange()).toEqual({ from: undefined, before: undefined });
  });
});
