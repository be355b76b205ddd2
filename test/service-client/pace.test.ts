// The pace of generation requests (A41), on a virtual clock: when each
// request may leave, what a 429 teaches, and what it does not.
import { describe, expect, it } from 'vitest';
import { GenerationPace } from '../../src/service-client/pace.ts';

/** A clock that moves only when every sleeper is waiting: the earliest wakes first. */
class VirtualTime {
  now = 0;
  readonly #timers: Array<{ at: number; wake: () => void }> = [];

  readonly sleep = (ms: number): Promise<void> =>
    new Promise((wake) => this.#timers.push({ at: this.now + Math.max(0, ms), wake }));

  /** Lets every promise settle, then wakes the sleepers in time order until none is left. */
  async run(): Promise<void> {
    for (;;) {
      await settled();
      this.#timers.sort((a, b) => a.at - b.at);
      const next = this.#timers.shift();
      if (next === undefined) return;
      this.now = Math.max(this.now, next.at);
      next.wake();
    }
  }
}

const settled = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

const open = (): Promise<void> => Promise.resolve();

function paced(secondMs = 1000) {
  const time = new VirtualTime();
  const pace = new GenerationPace(time.sleep, () => time.now, secondMs);
  return { time, pace };
}

/** Admits `count` requests at once, each answered as it leaves; their send times. */
async function burst(time: VirtualTime, pace: GenerationPace, count: number): Promise<number[]> {
  const tickets = Array.from({ length: count }, () =>
    pace.admit(open).then((ticket) => {
      pace.answered(ticket, null);
      return ticket;
    }),
  );
  await time.run();
  return Promise.all(tickets);
}

describe('a stated pace', () => {
  it('lets at most that many requests leave in any window, and no more wait than that', async () => {
    const { time, pace } = paced();
    pace.state({ requests: 2, windowSeconds: 1 });
    // The window, and 2% of it and of a second besides: 1,040 ms from one pair to the next.
    expect(await burst(time, pace, 5)).toEqual([0, 0, 1040, 1040, 2080]);
  });

  it('keeps a tighter pace a 429 taught, whatever the subscription states later', async () => {
    const { time, pace } = paced();
    pace.state({ requests: 4, windowSeconds: 2 });
    const a = await pace.admit(open);
    pace.answered(a, null);
    const b = await pace.admit(open);
    // Two of the four got through: another run of the same user draws on the allowance.
    time.now = 100;
    pace.answered(b, { waitMs: 1900 });
    expect(pace.pace).toEqual({ requests: 1, windowMs: 2000, source: 'learned' });
    pace.state({ requests: 4, windowSeconds: 2 });
    expect(pace.pace).toEqual({ requests: 1, windowMs: 2000, source: 'learned' });
  });
});

describe('no pace known yet', () => {
  it('sends one request at a time: the next leaves once the one in flight is answered', async () => {
    const { time, pace } = paced();
    const first = await pace.admit(open);
    let second: number | null = null;
    void pace.admit(open).then((ticket) => (second = ticket));
    await settled();
    expect(second).toBeNull();
    time.now = 250;
    pace.answered(first, null);
    await settled();
    expect(second).toBe(250);
  });

  it('learns from the first 429: what got through since the window began, per window in whole seconds', async () => {
    const { time, pace } = paced();
    for (const at of [0, 100, 200]) {
      time.now = at;
      pace.answered(await pace.admit(open), null);
    }
    time.now = 300;
    const refused = await pace.admit(open);
    // Retry-After 2 (whole seconds, rounded up): the window ends at 2,300 ms, up to a second late.
    pace.answered(refused, { waitMs: 2000 });
    expect(pace.pace).toEqual({ requests: 3, windowMs: 2000, source: 'learned' });
  });

  it('learns nothing from a 429 without Retry-After, or one that met nothing of ours', async () => {
    const { pace } = paced();
    pace.answered(await pace.admit(open), { waitMs: null });
    pace.answered(await pace.admit(open), { waitMs: 3000 });
    expect(pace.pace).toBeNull();
  });

  it('wakes the requests waiting for the one in flight once a 429 has taught the pace', async () => {
    const { time, pace } = paced();
    pace.answered(await pace.admit(open), null);
    const refused = await pace.admit(open);
    const waiting = [pace.admit(open), pace.admit(open)];
    time.now = 10;
    pace.answered(refused, { waitMs: 1000 });
    // One a window: the first left at 0, so the next leaves a window and a margin (2%, twice) later.
    await time.run();
    expect(await Promise.all(waiting)).toEqual([1040, 2080]);
  });
});

describe('a 429 while the pace is kept', () => {
  it('widens a learned window that met nothing of ours by a second', async () => {
    const { time, pace } = paced();
    pace.answered(await pace.admit(open), null);
    time.now = 100;
    pace.answered(await pace.admit(open), { waitMs: 1000 });
    expect(pace.pace).toEqual({ requests: 1, windowMs: 1000, source: 'learned' });
    time.now = 5000;
    pace.answered(await pace.admit(open), { waitMs: 1000 });
    expect(pace.pace).toEqual({ requests: 1, windowMs: 2000, source: 'learned' });
  });

  it('teaches nothing about a request that left before the pace was set', async () => {
    const { time, pace } = paced();
    const early = await pace.admit(open);
    time.now = 10;
    pace.state({ requests: 3, windowSeconds: 1 });
    pace.answered(early, { waitMs: 1000 });
    expect(pace.pace).toEqual({ requests: 3, windowMs: 1000, source: 'stated' });
  });

  it('leaves more room past each window when the pace was kept and a request was refused all the same', async () => {
    const { time, pace } = paced();
    pace.state({ requests: 1, windowSeconds: 1 });
    const [first] = await burst(time, pace, 1);
    time.now = 1040;
    const second = await pace.admit(open);
    expect([first, second]).toEqual([0, 1040]);
    // Refused though the pace was kept: it reached the service early. The margin doubles, to 80 ms
    // (the gate, besides, holds the next request until the Retry-After has passed).
    pace.answered(second, { waitMs: 1000 });
    expect(pace.pace).toEqual({ requests: 1, windowMs: 1000, source: 'stated' });
    expect(await burst(time, pace, 1)).toEqual([1080]);
  });
});

describe("the run's deadline", () => {
  it('is never waited past: a slot after it refuses the request at once, counting nothing', async () => {
    const { time, pace } = paced();
    pace.state({ requests: 1, windowSeconds: 86_400 });
    const deadline = { at: () => 60_000, tooLate: (readyAt: number) => new Error(`next slot at ${readyAt}`) };
    pace.answered(await pace.admit(open, deadline), null);
    const refused = pace.admit(open, deadline);
    // A day's window (and the margin kept past it) after the first request.
    await expect(refused).rejects.toThrow(/^next slot at 88128020$/);
    expect(time.now).toBe(0);
    // A slot before the deadline is waited for as usual.
    const { time: later, pace: quicker } = paced();
    quicker.state({ requests: 1, windowSeconds: 10 });
    quicker.answered(await quicker.admit(open, deadline), null);
    const second = quicker.admit(open, deadline);
    await later.run();
    expect(await second).toBeGreaterThanOrEqual(10_000);
  });
});

describe('the gate', () => {
  it('is waited for before each request leaves', async () => {
    const { time, pace } = paced();
    pace.state({ requests: 5, windowSeconds: 1 });
    let release: () => void = () => undefined;
    const closed = new Promise<void>((resolve) => (release = resolve));
    let left = false;
    void pace.admit(() => closed).then(() => (left = true));
    await time.run();
    expect(left).toBe(false);
    release();
    await settled();
    expect(left).toBe(true);
  });
});
