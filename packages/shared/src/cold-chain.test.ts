import { describe, expect, it } from 'vitest';
import { coldChainReading, coldChainWarning, orderChillLimit } from './cold-chain.ts';

// A fixed clock: every reading is taken at an explicit time, never the machine's.
const packedAt = new Date('2026-03-02T09:00:00Z');
const at = (minutes: number, seconds = 0) => new Date(packedAt.getTime() + minutes * 60_000 + seconds * 1000);
const read = (now: Date, limit = 90, percent = 80) => coldChainReading({ packedAt, deliveredAt: null }, limit, percent, now);

describe('cold-chain limit and threshold', () => {
  it('holds an order to the strictest limit among its lines, the default standing in for lines without one', () => {
    expect(orderChillLimit([90, 120], 90)).toBe(90);
    expect(orderChillLimit([120, null], 90)).toBe(90);
    expect(orderChillLimit([120, 150], 90)).toBe(120);
    expect(orderChillLimit([], 75)).toBe(75);
  });

  it('warns from the warning point (80% of 90 min = 72 min) and calls it over at the limit', () => {
    expect(read(at(71, 59))).toEqual({ minutesOut: 71, level: null });
    expect(read(at(72))).toEqual({ minutesOut: 72, level: 'near' });
    expect(read(at(89, 59))).toEqual({ minutesOut: 89, level: 'near' });
    expect(read(at(90))).toEqual({ minutesOut: 90, level: 'over' });
  });

  it('follows the shop’s warning point and the category limit', () => {
    expect(read(at(59), 120, 50).level).toBe(null);
    expect(read(at(60), 120, 50).level).toBe('near');
    expect(read(at(120), 120, 100).level).toBe('over');
  });

  it('stops the clock at delivery', () => {
    const delivered = coldChainReading({ packedAt, deliveredAt: at(45) }, 90, 80, at(500));
    expect(delivered).toEqual({ minutesOut: 45, level: null });
  });

  it('never reads negative time when the clocks disagree', () => {
    expect(read(at(-2)).minutesOut).toBe(0);
  });

  it('words the warning as the screens show it', () => {
    expect(coldChainWarning(72, 90)).toBe('Cold chain: 72 of 90 min out of the chiller');
  });
});
