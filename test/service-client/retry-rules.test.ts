import { describe, expect, it } from 'vitest';
import {
  AfterDeadlineError,
  NetworkError,
  OutcomeUnknownError,
  RequestBudgetError,
} from '../../src/service-client/errors.ts';
import {
  RateGate,
  classifyNetworkError,
  parseRetryAfter,
  retrySettings,
  sendWithRetries,
  type Answer,
  type RequestKind,
  type RetryRuntime,
} from '../../src/service-client/retry.ts';

// The retry loop and the rate-limit gate on a clock the test moves, at the
// edges of each rule: a wait that ends exactly at the deadline, time spent
// inside a send, the last request of a budget. The same rules over HTTP are
// in retry.int.test.ts.

const GET: RequestKind = { method: 'GET', path: '/accounts', idempotent: true, rateLimited: false };

/** A clock that moves only when a send or a wait says so; a wait ends on a later turn of the event loop. */
function runtime(options: { deadlineMs?: number; attempts?: number; budget?: number } = {}) {
  const clock = { now: 0 };
  const log: string[] = [];
  const sleep = async (ms: number): Promise<void> => {
    log.push(`sleep ${ms}`);
    await new Promise((resolve) => setTimeout(resolve, 0));
    clock.now += ms;
  };
  const rt: RetryRuntime = {
    settings: retrySettings({
      attempts: options.attempts ?? 5,
      baseDelayMs: 100,
      maxDelayMs: 1000,
      deadlineMs: options.deadlineMs ?? 60_000,
    }),
    secondMs: 1000,
    sleep,
    random: () => 0,
    now: () => clock.now,
    gate: new RateGate(sleep, () => clock.now),
    budget: options.budget === undefined ? undefined : { left: options.budget },
  };
  return { rt, clock, log };
}

/** A send that answers from a script, each send taking `takesMs` on the clock. */
function scripted(
  clock: { now: number },
  log: string[],
  answers: Array<Answer | Error>,
  takesMs = 0,
): { send: (remainingMs: number) => Promise<Answer>; remaining: number[] } {
  const remaining: number[] = [];
  let index = 0;
  return {
    remaining,
    send: async (remainingMs) => {
      remaining.push(remainingMs);
      log.push(`send at ${clock.now}`);
      clock.now += takesMs;
      const next = answers[Math.min(index++, answers.length - 1)]!;
      if (next instanceof Error) throw next;
      return next;
    },
  };
}

const status = (code: number, retryAfter?: string): Answer => ({ status: code, retryAfter });
const networkError = (code: string): Error => Object.assign(new Error(code), { code });

describe("sendWithRetries: the run's deadline", () => {
  const GENERATE: RequestKind = { method: 'POST', path: '/gen/x', idempotent: true, rateLimited: true };

  it('waits out no 429 past it: the answer is final at once', async () => {
    const { rt, clock, log } = runtime();
    rt.runDeadline = () => 5_000;
    const { send } = scripted(clock, log, [status(503), status(429, '10'), status(200)]);
    const final = await sendWithRetries(GET, rt, send);
    expect(final).toEqual({ answer: status(429, '10'), attempts: 2 });
    expect(log).toEqual(['send at 0', 'sleep 0', 'send at 0']);
  });

  it('sends no rate-limited request while the gate stays closed past it, and says when it opens', async () => {
    const { rt, clock, log } = runtime();
    rt.runDeadline = () => 5_000;
    rt.gate.close(30_000);
    const { send } = scripted(clock, log, [status(200)]);
    const refused = sendWithRetries(GENERATE, rt, send);
    await expect(refused).rejects.toBeInstanceOf(AfterDeadlineError);
    await expect(refused).rejects.toThrow(/allows the next generation at 1970-01-01T00:00:30\.000Z/);
    expect(log.filter((line) => line.startsWith('send'))).toEqual([]);
  });
});

describe('sendWithRetries: the deadline', () => {
  it('starts a wait that ends exactly at the deadline', async () => {
    const { rt, clock, log } = runtime({ deadlineMs: 2000 });
    const { send } = scripted(clock, log, [status(429, '2'), status(200)]);
    await expect(sendWithRetries(GET, rt, send)).resolves.toEqual({ answer: status(200), attempts: 2 });
    expect(log).toEqual(['send at 0', 'sleep 2000', 'send at 2000']);
  });

  it('counts the time spent inside sends that were answered, and gives each send the time left', async () => {
    const { rt, clock, log } = runtime({ deadlineMs: 1000 });
    const { send, remaining } = scripted(clock, log, [status(503)], 600);
    await expect(sendWithRetries(GET, rt, send)).resolves.toEqual({ answer: status(503), attempts: 2 });
    expect(remaining).toEqual([1000, 400]);
  });

  it('does not send again after a network error that used up the whole deadline', async () => {
    const { rt, clock, log } = runtime({ deadlineMs: 1000 });
    const { send } = scripted(clock, log, [networkError('ECONNRESET')], 1000);
    const error = await sendWithRetries(GET, rt, send).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).attempts).toBe(1);
  });
});

describe('sendWithRetries: 429 on a request outside the generation allowance', () => {
  it('waits the Retry-After itself before sending again, without closing the shared gate', async () => {
    const { rt, clock, log } = runtime();
    const { send } = scripted(clock, log, [status(429, '3'), status(200)]);
    await sendWithRetries(GET, rt, send);
    expect(log).toEqual(['send at 0', 'sleep 3000', 'send at 3000']);
    // The gate is still open: a generation request goes at once.
    const generation = scripted(clock, log, [status(202)]);
    await sendWithRetries(
      { ...GET, method: 'POST', path: '/gen/video', rateLimited: true },
      rt,
      generation.send,
    );
    expect(log.slice(3)).toEqual(['send at 3000']);
  });
});

describe('sendWithRetries: the request budget', () => {
  it('sends while the budget lasts, retries included, then refuses without sending', async () => {
    const { rt, clock, log } = runtime({ budget: 2 });
    const { send } = scripted(clock, log, [status(503)]);
    await expect(sendWithRetries(GET, rt, send)).rejects.toBeInstanceOf(RequestBudgetError);
    expect(log.filter((line) => line.startsWith('send'))).toHaveLength(2);
    expect(rt.budget).toEqual({ left: 0 });
  });

  it('a budget of one is one request', async () => {
    const { rt, clock, log } = runtime({ budget: 1 });
    const { send } = scripted(clock, log, [status(200)]);
    await expect(sendWithRetries(GET, rt, send)).resolves.toMatchObject({ attempts: 1 });
    expect(rt.budget).toEqual({ left: 0 });
    await expect(sendWithRetries(GET, rt, send)).rejects.toBeInstanceOf(RequestBudgetError);
    expect(log).toEqual(['send at 0']);
  });

  it('without a budget, requests are not counted', async () => {
    const { rt, clock, log } = runtime({ attempts: 3 });
    const { send } = scripted(clock, log, [status(503)]);
    await expect(sendWithRetries(GET, rt, send)).resolves.toMatchObject({ attempts: 3 });
  });

  it('a non-idempotent POST whose connection was reset is sent once', async () => {
    const { rt, clock, log } = runtime({ budget: 5 });
    const { send } = scripted(clock, log, [networkError('EPIPE')]);
    const post = { ...GET, method: 'POST', path: '/contents', idempotent: false };
    await expect(sendWithRetries(post, rt, send)).rejects.toBeInstanceOf(OutcomeUnknownError);
    expect(rt.budget).toEqual({ left: 4 });
  });
});

describe('RateGate', () => {
  /** A sleep each of whose waits the test ends (or fails) by hand. */
  function manualSleep() {
    const waits: Array<{ ms: number; end: () => void; fail: () => void }> = [];
    const sleep = (ms: number) =>
      new Promise<void>((resolve, reject) => {
        waits.push({ ms, end: resolve, fail: () => reject(new Error('aborted')) });
      });
    return { waits, sleep };
  }
  /** Whether a request that comes to the gate now (once pending callbacks ran) goes through. */
  const settled = async (gate: RateGate): Promise<boolean> => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
    let open = false;
    void gate.pass().then(() => (open = true));
    for (let i = 0; i < 5; i++) await Promise.resolve();
    return open;
  };

  it('keeps a longer wait when a shorter or equal one is asked for', async () => {
    const clock = { now: 0 };
    const { waits, sleep } = manualSleep();
    const gate = new RateGate(sleep, () => clock.now);
    gate.close(100);
    clock.now = 10;
    gate.close(50);
    gate.close(90);
    expect(waits.map((wait) => wait.ms)).toEqual([100]);
    expect(await settled(gate)).toBe(false);
    waits[0]!.end();
    expect(await settled(gate)).toBe(true);
  });

  it('a longer wait replaces a shorter one, and the end of the shorter does not open the gate', async () => {
    const clock = { now: 0 };
    const { waits, sleep } = manualSleep();
    const gate = new RateGate(sleep, () => clock.now);
    gate.close(100);
    clock.now = 10;
    gate.close(200);
    expect(waits.map((wait) => wait.ms)).toEqual([100, 200]);
    waits[0]!.end();
    expect(await settled(gate)).toBe(false);
    waits[1]!.end();
    expect(await settled(gate)).toBe(true);
  });

  it('once open, closes again for a wait that ends before the last one would have', async () => {
    const clock = { now: 0 };
    const { waits, sleep } = manualSleep();
    const gate = new RateGate(sleep, () => clock.now);
    gate.close(100);
    waits[0]!.end();
    expect(await settled(gate)).toBe(true);
    gate.close(50);
    expect(waits).toHaveLength(2);
    expect(await settled(gate)).toBe(false);
  });

  it('opens when a wait fails, unless a later one replaced it', async () => {
    const clock = { now: 0 };
    const { waits, sleep } = manualSleep();
    const gate = new RateGate(sleep, () => clock.now);
    gate.close(100);
    waits[0]!.fail();
    expect(await settled(gate)).toBe(true);
    gate.close(100);
    gate.close(300);
    waits[1]!.fail();
    expect(await settled(gate)).toBe(false);
    waits[2]!.fail();
    expect(await settled(gate)).toBe(true);
  });
});

describe('the pure rules, at their edges', () => {
  it('a setting that is not a finite number takes its default', () => {
    const settings = retrySettings({
      attempts: Number.NaN,
      baseDelayMs: Number.POSITIVE_INFINITY,
      deadlineMs: -5,
    });
    expect(settings).toMatchObject({ attempts: 5, baseDelayMs: 500, deadlineMs: 0 });
  });

  it('an HTTP date is read only when it starts with the day name', () => {
    const now = Date.parse('2026-03-01T12:00:00.000Z');
    expect(parseRetryAfter('01 Mar 2026 12:00:09 GMT', now)).toBeUndefined();
    expect(parseRetryAfter([], now)).toBeUndefined();
    expect(parseRetryAfter('   ', now)).toBeUndefined();
  });

  it('EPIPE is a connection closed; no object or a self-caused error is a plain network error', () => {
    expect(classifyNetworkError(networkError('EPIPE'))).toEqual({
      mayHaveReached: true,
      reason: 'connection closed without an answer',
    });
    for (const odd of [null, undefined, 'text', 42]) {
      expect(classifyNetworkError(odd), String(odd)).toEqual({
        mayHaveReached: true,
        reason: 'network error',
      });
    }
    const loop = new Error('loop');
    (loop as { cause?: unknown }).cause = loop;
    expect(classifyNetworkError(loop)).toEqual({ mayHaveReached: true, reason: 'network error' });
    expect(classifyNetworkError(networkError('EWHATEVER'))).toEqual({
      mayHaveReached: true,
      reason: 'EWHATEVER',
    });
  });
});
