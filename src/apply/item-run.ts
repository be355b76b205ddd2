import type { ContentDetail, ContentStatus } from '../service-client/types.ts';
import type { Hold, PlanItem } from '../plan/types.ts';
import type { ServiceTermsNote } from './readback.ts';
import type { ItemRun, NewItem } from './types.ts';
import type { WaitOutcome } from './wait.ts';

// The only ways an item's run changes (ItemRun is read-only elsewhere): what
// the service showed, what this run did, and why it stopped.

type Writable = { -readonly [K in keyof ItemRun]: ItemRun[K] };
const writable = (run: ItemRun): Writable => run;

/** An item as planned, before anything was done to it. */
export function untouched(item: PlanItem): ItemRun {
  return {
    item,
    id: item.remote?.id ?? null,
    status: item.remote?.status ?? null,
    created: false,
    edited: false,
    rendered: false,
    published: false,
    running: false,
    holds: [],
    notes: [],
    unsettled: null,
    lastError: null,
    unknownSince: null,
    resent: false,
    error: null,
    durationMs: 0,
  };
}

/** This run created the item (or adopted one whose create lost its answer); `detail` null when it could not be read back. */
export function created(run: ItemRun, id: string, detail: ContentDetail | null): void {
  Object.assign(writable(run), { id, created: true, ...(detail ? { status: detail.status } : {}) });
}

/** This run edited the item; the status it shows after, when read. */
export function edited(run: ItemRun, status: ContentStatus | null): void {
  Object.assign(writable(run), { edited: true, ...(status ? { status } : {}) });
}

/** The run goes on with another item of the title (it won a race this run's item lost). */
export function continuedWith(run: ItemRun, winner: ContentDetail): void {
  Object.assign(writable(run), { id: winner.id, status: winner.status });
}

/** The status the service shows now. */
export function saw(run: ItemRun, status: ContentStatus): void {
  writable(run).status = status;
}

/** What a wait ended with: the status, the service's last error, and whether it was still in flight. */
export function waited(run: ItemRun, outcome: WaitOutcome): void {
  Object.assign(writable(run), {
    status: outcome.status,
    lastError: outcome.lastError,
    running: outcome.timedOut,
  });
}

/** Left in flight: the run does not wait (`wait: false`). */
export function leftRunning(run: ItemRun): void {
  writable(run).running = true;
}

/** A generation or upload this run started; `published` when it carries the publication. */
export function dispatched(run: ItemRun, what: { rendered?: boolean; published?: boolean }): void {
  const state = writable(run);
  state.rendered ||= what.rendered === true;
  state.published ||= what.published === true;
}

export function held(run: ItemRun, hold: Hold): void {
  writable(run).holds = [...run.holds, hold];
}

/** A value the service stores in its own terms, said once per field. */
export function noted(run: ItemRun, note: ServiceTermsNote): boolean {
  if (run.notes.some((known) => known.field === note.field)) return false;
  writable(run).notes = [...run.notes, note];
  return true;
}

/** This run's new item, while another run may have created its title at the same moment; null once settled. */
export function raceOpen(run: ItemRun, detail: NewItem | null): void {
  writable(run).unsettled = detail;
}

/** A publishing request lost its answer: sent at `sentAt` (`sends` times in all), its outcome is the service's to show. */
export function answerLost(run: ItemRun, sentAt: string, sends: number): void {
  const state = writable(run);
  state.unknownSince ??= sentAt;
  state.resent ||= sends > 1;
}

/** What stopped the engine on this item, already free of secrets. */
export function errored(run: ItemRun, message: string): void {
  writable(run).error = message;
}

export function finished(run: ItemRun, durationMs: number): void {
  writable(run).durationMs = durationMs;
}
