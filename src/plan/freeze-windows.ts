import type { FreezeHold, FreezeWindow } from '../manifest/types.ts';
import { instantAt, wallTime } from '../text/wall-clock.ts';

// When the release file's freeze windows are open, as instants. A
// recurring window opens on its weekdays at a wall-clock time of its time
// zone (daylight saving included, by Intl); a night window runs into the
// next day. Windows that overlap or touch make one freeze: a weekend is
// Saturday 00:00 to Monday 00:00, and what it holds waits until Monday.
// Pure: the same windows and instants give the same answer.

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** How far around an instant a freeze is looked for before it is looked for further. */
const SPAN_MS = 8 * DAY_MS;
/** A freeze longer than this is reported as ending there: a window that never closes. */
const LONGEST_MS = 400 * DAY_MS;

/** A stretch of time during which windows hold something: windows that touch are one freeze. */
export interface Freeze {
  since: number;
  until: number;
  windows: FreezeWindow[];
}

/** The openings of one window that overlap [from, to). */
function openings(window: FreezeWindow, from: number, to: number): Array<[number, number]> {
  if (window.kind === 'fixed') {
    const start = Date.parse(window.from);
    const end = Date.parse(window.until);
    return start < to && end > from ? [[start, end]] : [];
  }
  const zone = window.timeZone;
  // From the local day before `from` (a night that began then is still open) to the local day of `to`.
  const first = Math.floor(wallTime(zone, from) / DAY_MS) - 1;
  const last = Math.floor(wallTime(zone, to) / DAY_MS);
  const found: Array<[number, number]> = [];
  for (let day = first; day <= last; day++) {
    if (!window.days.includes(new Date(day * DAY_MS).getUTCDay())) continue;
    const endDay = window.untilMinute > window.fromMinute ? day : day + 1;
    const start = instantAt(zone, day * DAY_MS + window.fromMinute * MINUTE_MS);
    const end = instantAt(zone, endDay * DAY_MS + window.untilMinute * MINUTE_MS);
    if (start < to && end > from) found.push([start, end]);
  }
  return found;
}

/** The freezes of `windows` that overlap [from, to), in order; openings that overlap or touch are one. */
function freezesBetween(windows: readonly FreezeWindow[], from: number, to: number): Freeze[] {
  const spans = windows.flatMap((window) =>
    openings(window, from, to).map(([start, end]) => ({ start, end, window })),
  );
  spans.sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Freeze[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last !== undefined && span.start <= last.until) {
      last.until = Math.max(last.until, span.end);
      if (!last.windows.includes(span.window)) last.windows.push(span.window);
    } else {
      merged.push({ since: span.start, until: span.end, windows: [span.window] });
    }
  }
  return merged;
}

/**
 * The freezes of a release file, asked by what they hold: whether a
 * publication, a render or an edit is held at an instant, and for how much
 * of a stretch of time nothing held it. Answers are kept: a plan asks the
 * same instants for thousands of items.
 */
export class FreezeCalendar {
  readonly #windows: Record<FreezeHold, FreezeWindow[]>;
  readonly #found = new Map<string, Freeze | null>();
  readonly #open = new Map<string, number>();

  constructor(windows: readonly FreezeWindow[]) {
    const holding = (what: FreezeHold) => windows.filter((window) => window.holds.includes(what));
    this.#windows = { publish: holding('publish'), render: holding('render'), edit: holding('edit') };
  }

  /** Whether any window holds `what` at all. */
  holds(what: FreezeHold): boolean {
    return this.#windows[what].length > 0;
  }

  /** The freeze holding `what` at `instant`, whole (from its first window to its last); null when none does. */
  at(what: FreezeHold, instant: number): Freeze | null {
    if (!this.holds(what)) return null;
    const key = `${what}@${instant}`;
    if (!this.#found.has(key)) this.#found.set(key, this.#search(what, instant));
    return this.#found.get(key) ?? null;
  }

  /** The first freeze holding `what` that overlaps [from, to), whole; null when none does. */
  within(what: FreezeHold, from: number, to: number): Freeze | null {
    if (!this.holds(what) || to <= from) return this.at(what, from);
    const first = freezesBetween(this.#windows[what], from, to)[0];
    return first === undefined ? null : this.at(what, Math.max(from, first.since));
  }

  #search(what: FreezeHold, instant: number): Freeze | null {
    // Looked for around the instant, then further each way while the freeze reaches the edge of the search.
    for (let span = SPAN_MS; ; span *= 2) {
      const from = instant - span;
      const to = instant + span;
      const freeze = freezesBetween(this.#windows[what], from, to).find(
        (found) => found.since <= instant && instant < found.until,
      );
      if (freeze === undefined) return null;
      const bounded = freeze.since > from + DAY_MS && freeze.until < to - DAY_MS;
      if (bounded || span >= LONGEST_MS)
        return { ...freeze, since: Math.max(freeze.since, from), until: Math.min(freeze.until, to) };
    }
  }

  /**
   * How much of [from, to) no window held any of `what`, counted back from
   * `to`; once it passes `enough` the count stops there (the caller only
   * asks whether it does). Stretches end on `to`, so items asking from the
   * same `to` (the run's now) share them.
   */
  openMs(what: readonly FreezeHold[], from: number, to: number, enough: number): number {
    const windows = [...new Set(what.flatMap((kind) => this.#windows[kind]))];
    if (windows.length === 0) return to - from;
    const key = [...what].sort().join('+');
    let open = 0;
    for (let end = to; end > from && open <= enough; end -= SPAN_MS) {
      const start = Math.max(from, end - SPAN_MS);
      open += start === end - SPAN_MS ? this.#openIn(key, windows, start, end) : openIn(windows, start, end);
    }
    return open;
  }

  #openIn(key: string, windows: readonly FreezeWindow[], start: number, end: number): number {
    const at = `${key}:${start}`;
    let open = this.#open.get(at);
    if (open === undefined) {
      open = openIn(windows, start, end);
      this.#open.set(at, open);
    }
    return open;
  }
}

/** Milliseconds of [start, end) outside every freeze of `windows`. */
function openIn(windows: readonly FreezeWindow[], start: number, end: number): number {
  const frozen = freezesBetween(windows, start, end).reduce(
    (sum, freeze) => sum + Math.max(0, Math.min(end, freeze.until) - Math.max(start, freeze.since)),
    0,
  );
  return end - start - frozen;
}
