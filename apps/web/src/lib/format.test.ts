/** Dates and times read as in Kampala (UTC+3, no summer time), whatever the phone's own zone. */
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from './format';

describe('format', () => {
  it('shows an instant as the date and time in Kampala', () => {
    // 22:30 UTC is already the next day in Kampala.
    expect(formatDate('2026-11-21T22:30:00Z')).toBe('22 Nov 2026');
    expect(formatTime('2026-11-21T22:30:00Z')).toBe('01:30');
    expect(formatDateTime(new Date('2026-11-21T11:05:00Z'))).toBe('21 Nov 2026, 14:05');
  });
});
