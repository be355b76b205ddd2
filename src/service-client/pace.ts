import type { PaceLimit } from './types.ts';

// Generation requests at the pace the service allows (A41). The interface
// says that generation is rate limited per user and that a 429 carries
// Retry-After; it does not show the numbers. Sending as fast as the workers
// are ready and waiting out each 429 keeps to the limit on average, but a
// third of the requests are refused on the way. So the client keeps to the
// limit instead: at most `requests` in any window of `windowMs` (a sliding
// window, which also keeps within any fixed window the service may count
// by), from what GET /subscription/current states or, where it states
// nothing, from what the first 429 shows. Until then, one request is in
// flight at a time: a wave sent at once would be refused all but the
// allowance before the first refusal could teach anything. The limit is
// per user, and other runs of the same user draw on it too: a 429 is still
// waited out in full (RateGate, retry.ts), and what it shows tightens the pace.

/** Send times kept: far more than any window's allowance a run meets. */
const KEPT = 1024;

interface Pace {
  requests: number;
  windowMs: number;
  /** Stated by the service (the subscription), or learned from its 429s. */
  source: 'stated' | 'learned';
}

/** The run's deadline, on the pace's clock, and the error a request that would wait past it is refused with. */
export interface Deadline {
  at(): number;
  tooLate(readyAt: number): Error;
}

export class GenerationPace {
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #now: () => number;
  /** Length of one second of the service's (Retry-After, windows); tests shrink it. */
  readonly #secondMs: number;
  #pace: Pace | null = null;
  /** When the pace was last set: a refusal of a request sent before says nothing about it. */
  #setAt = -Infinity;
  /** Extra time past each window, for requests that reach the service in another order than they left. */
  #marginMs = 0;
  /** When each request the service may have counted left, oldest first. */
  readonly #sent: number[] = [];
  /** No request before this counts in the window a 429 ends: the last window a 429 ended. */
  #since = -Infinity;
  /** Requests admitted and not yet answered. */
  #inFlight = 0;
  /** Requests waiting for the one in flight, while no pace is known. */
  readonly #waiting: Array<() => void> = [];

  constructor(sleep: (ms: number) => Promise<void>, now: () => number, secondMs: number) {
    this.#sleep = sleep;
    this.#now = now;
    this.#secondMs = secondMs;
  }

  /** The pace kept now, null while none is known. */
  get pace(): Readonly<Pace> | null {
    return this.#pace;
  }

  /** What the service states (A41); one a 429 has already tightened is kept. */
  state(limit: PaceLimit): void {
    if (this.#pace?.source === 'learned') return;
    this.#set({ requests: limit.requests, windowMs: limit.windowSeconds * this.#secondMs, source: 'stated' });
  }

  /**
   * Waits for the gate (a 429 may close it while a request waits for its
   * turn), for the request in flight while no pace is known, and until one
   * more request keeps within the pace; then counts it as sent now. Returns
   * its ticket, handed back with its answer (`answered`). A slot after
   * `deadline` (the run's) is not waited for: its `tooLate` is thrown instead.
   */
  async admit(gate: () => Promise<void>, deadline?: Deadline): Promise<number> {
    for (;;) {
      await gate();
      if (this.#pace === null && this.#inFlight > 0) {
        await new Promise<void>((resolve) => this.#waiting.push(resolve));
        continue;
      }
      const now = this.#now();
      const ready = this.#readyAt();
      if (ready <= now) {
        this.#inFlight++;
        this.#sent.push(now);
        if (this.#sent.length > KEPT) this.#sent.splice(0, this.#sent.length - KEPT);
        return now;
      }
      // No wait outlasts the run: a slot after its deadline is not waited for, and nothing is sent.
      if (deadline !== undefined && ready > deadline.at()) throw deadline.tooLate(ready);
      await this.#sleep(ready - now);
    }
  }

  /**
   * The request of `ticket` was answered (or failed). A 429 (`refusal`) was
   * not counted by the service, and what the service let through before it,
   * in the window its Retry-After ends (`waitMs`; null when it gave none),
   * tells the pace.
   */
  answered(ticket: number, refusal: { waitMs: number | null } | null): void {
    this.#inFlight = Math.max(0, this.#inFlight - 1);
    if (refusal !== null) this.#refused(ticket, refusal.waitMs);
    this.#waiting.shift()?.();
  }

  #refused(ticket: number, waitMs: number | null): void {
    const at = this.#sent.lastIndexOf(ticket);
    if (at >= 0) this.#sent.splice(at, 1);
    if (waitMs === null) return;
    const reset = this.#now() + waitMs;
    const pace = this.#pace;
    const from = pace === null ? this.#since : Math.max(this.#since, reset - pace.windowMs - this.#marginMs);
    const counted = this.#sent.filter((sent) => sent >= from && sent <= ticket);
    this.#since = Math.max(this.#since, reset);
    if (pace === null) this.#learn(counted, reset);
    // A request that left before the pace was set was not sent by it.
    else if (ticket >= this.#setAt) this.#tighten(pace, counted.length);
  }

  /** No pace yet: as many requests as got through since the window began, per that window. */
  #learn(counted: readonly number[], reset: number): void {
    const first = counted[0];
    if (first === undefined) return;
    this.#set({ requests: counted.length, windowMs: this.#whole(reset - first), source: 'learned' });
  }

  /** A 429 while the pace was kept: the pace is looser than what the service allows this run. */
  #tighten(pace: Pace, counted: number): void {
    if (counted === 0 && pace.source === 'learned') {
      // Nothing of ours in the window the 429 ends: it is longer than it was taken to be.
      this.#set({ ...pace, windowMs: pace.windowMs + this.#secondMs });
    } else if (counted > 0 && counted < pace.requests) {
      // Fewer than the pace allows got through: other runs of the user share the allowance.
      this.#set({ ...pace, requests: counted, source: 'learned' });
    } else {
      // The pace was kept and a request was refused all the same: it reached the service early.
      this.#marginMs = Math.min(this.#marginMs * 2, pace.windowMs / 4);
    }
  }

  #set(pace: Pace): void {
    this.#pace = pace;
    this.#setAt = this.#now();
    this.#marginMs = pace.windowMs / 50 + this.#secondMs / 50;
    // Known now: whoever waited for the request in flight goes by the pace instead.
    for (const wake of this.#waiting.splice(0)) wake();
  }

  /** When the next request may leave: once the `requests`-th most recent left a window ago. */
  #readyAt(): number {
    const pace = this.#pace;
    if (pace === null || this.#sent.length < pace.requests) return -Infinity;
    return this.#sent[this.#sent.length - pace.requests]! + pace.windowMs + this.#marginMs;
  }

  /**
   * A window measured from a 429, in whole seconds: Retry-After is whole
   * seconds rounded up, so the measure runs up to a second long.
   */
  #whole(ms: number): number {
    return Math.max(1, Math.floor(ms / this.#secondMs)) * this.#secondMs;
  }
}
