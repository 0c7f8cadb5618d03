import { describe, expect, it } from 'vitest';
import { quietUntil } from './quiet-hours.ts';

describe('quietUntil', () => {
  const night = { start: '22:00', end: '07:00', timeZone: 'Europe/Berlin', codes: true };

  it('spans midnight in the owner’s time zone, start included, end excluded', () => {
    // 23:30 in Berlin (UTC+1 in winter) is 22:30 UTC: quiet until 07:00 Berlin, 06:00 UTC.
    expect(quietUntil(night, new Date('2026-01-10T22:30:15.250Z'))).toEqual(
      new Date('2026-01-11T06:00:00.000Z'),
    );
    expect(quietUntil(night, new Date('2026-01-10T21:00:00Z'))).toEqual(
      new Date('2026-01-11T06:00:00Z'),
    );
    expect(quietUntil(night, new Date('2026-01-11T05:59:59Z'))).toEqual(
      new Date('2026-01-11T06:00:00Z'),
    );
    expect(quietUntil(night, new Date('2026-01-11T06:00:00Z'))).toBeNull();
    expect(quietUntil(night, new Date('2026-01-10T20:59:59Z'))).toBeNull();
    expect(quietUntil(night, new Date('2026-01-10T12:00:00Z'))).toBeNull();
  });

  it('follows the zone’s summer time', () => {
    // In July Berlin is UTC+2: 07:00 there is 05:00 UTC.
    expect(quietUntil(night, new Date('2026-07-10T03:00:00Z'))).toEqual(
      new Date('2026-07-10T05:00:00Z'),
    );
  });

  it('handles a window within one day', () => {
    const lunch = { start: '12:00', end: '13:30', timeZone: 'UTC', codes: false };
    expect(quietUntil(lunch, new Date('2026-03-01T12:45:00Z'))).toEqual(
      new Date('2026-03-01T13:30:00Z'),
    );
    expect(quietUntil(lunch, new Date('2026-03-01T13:30:00Z'))).toBeNull();
    expect(quietUntil(lunch, new Date('2026-03-01T11:59:00Z'))).toBeNull();
  });
});
