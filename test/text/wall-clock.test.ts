import { describe, expect, it } from 'vitest';
import { instantAt, wallTime } from '../../src/text/wall-clock.ts';

const wall = (text: string) => Date.parse(`${text}Z`);
const iso = (instant: number) => new Date(instant).toISOString();

describe('wall-clock times in a time zone', () => {
  it('reads an ordinary wall time with the offset of its day', () => {
    expect(iso(instantAt('America/New_York', wall('2026-07-04T09:00:00')))).toBe('2026-07-04T13:00:00.000Z');
    expect(iso(instantAt('Europe/Paris', wall('2026-01-10T00:00:00')))).toBe('2026-01-09T23:00:00.000Z');
  });

  it('reads a skipped wall time past the change, west of UTC as east of it', () => {
    // New York, 2026-03-08: 02:00 EST becomes 03:00 EDT (07:00Z); 02:30 does not exist.
    expect(iso(instantAt('America/New_York', wall('2026-03-08T02:30:00')))).toBe('2026-03-08T07:30:00.000Z');
    // Paris, 2026-03-29: 02:00 CET becomes 03:00 CEST (01:00Z).
    expect(iso(instantAt('Europe/Paris', wall('2026-03-29T02:30:00')))).toBe('2026-03-29T01:30:00.000Z');
  });

  it('reads a wall time shown twice as its first instant', () => {
    // New York, 2026-11-01: 01:30 is shown at 05:30Z (EDT) and again at 06:30Z (EST).
    expect(iso(instantAt('America/New_York', wall('2026-11-01T01:30:00')))).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(instantAt('Europe/Paris', wall('2026-10-25T02:30:00')))).toBe('2026-10-25T00:30:00.000Z');
  });

  it('gives back the wall time it was asked for, wherever it exists', () => {
    for (const zone of ['America/New_York', 'Europe/Paris', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC']) {
      for (let hour = 0; hour < 24; hour += 5) {
        const asked = wall(`2026-06-15T${String(hour).padStart(2, '0')}:15:00`);
        expect(wallTime(zone, instantAt(zone, asked))).toBe(asked);
      }
    }
  });
});
