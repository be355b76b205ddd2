// Wall-clock times in IANA time zones, with Intl alone (no date library):
// the instant a date and time written for a zone stand for, and the date,
// weekday and time an instant shows in a zone. Daylight saving is the
// zone's own, as Intl knows it. A wall time the zone skips (02:30 on the
// night clocks go forward) is read with the offset from before the change,
// so it lands that far past the change.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (found === undefined) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, found);
  }
  return found;
}

/** Whether Intl knows `zone` (an IANA name such as Europe/Paris, or UTC). */
export function isTimeZone(zone: string): boolean {
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** Every IANA zone name Intl lists, for a "did you mean". */
export function timeZoneNames(): string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone')];
}

/** The zone's offset from UTC at an instant, in milliseconds (local minus UTC), as Intl says it. */
function intlOffsetAt(zone: string, instant: number): number {
  const parts = formatter(zone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((entry) => entry.type === type)?.value);
  const local = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return local - Math.floor(instant / 1000) * 1000;
}

const DAY_MS = 86_400_000;
/** Days kept per zone before its cache starts again: a run asks about a few hundred at most. */
const DAYS_KEPT = 20_000;

/** Per zone, its offset at the start of each UTC day asked about (Intl is slow: a freeze calendar asks thousands of times). */
const dayStarts = new Map<string, Map<number, number>>();

function offsetAtDayStart(zone: string, day: number): number {
  let days = dayStarts.get(zone);
  if (days === undefined || days.size > DAYS_KEPT) {
    days = new Map();
    dayStarts.set(zone, days);
  }
  let offset = days.get(day);
  if (offset === undefined) {
    offset = intlOffsetAt(zone, day * DAY_MS);
    days.set(day, offset);
  }
  return offset;
}

/**
 * The zone's offset from UTC at an instant, in milliseconds (local minus
 * UTC). A UTC day that starts and ends on the same offset keeps it all day
 * (no zone changes its clocks twice within a day and back); on a day the
 * offset changes, Intl is asked about the instant itself.
 */
function offsetAt(zone: string, instant: number): number {
  const day = Math.floor(instant / DAY_MS);
  const start = offsetAtDayStart(zone, day);
  return start === offsetAtDayStart(zone, day + 1) ? start : intlOffsetAt(zone, instant);
}

/**
 * An instant's wall-clock time in `zone`, as milliseconds since the epoch
 * read as if the zone were UTC: `new Date(wall).getUTCDay()` is its weekday
 * there, `getUTCHours()` its hour.
 */
export function wallTime(zone: string, instant: number): number {
  return instant + offsetAt(zone, instant);
}

/**
 * The instant at which `zone` shows the wall time `wall` (milliseconds read
 * as if UTC). A wall time shown twice (clocks going back) is its first
 * instant; one never shown (clocks going forward) is read with the offset
 * from before the change, east or west of UTC alike.
 */
export function instantAt(zone: string, wall: number): number {
  const before = offsetAt(zone, wall - DAY_MS);
  const after = offsetAt(zone, wall + DAY_MS);
  const shown = [wall - before, wall - after].filter((instant) => wallTime(zone, instant) === wall);
  return shown.length > 0 ? Math.min(...shown) : wall - before;
}
