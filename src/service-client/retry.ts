import { RequestDeadlineError, ResponseTooLargeError } from './bounded-response.ts';
import { AfterDeadlineError, NetworkError, OutcomeUnknownError, RequestBudgetError } from './errors.ts';
import type { Deadline, GenerationPace } from './pace.ts';

// The retry policy, in one place. Written here rather than taken from undici's
// RetryHandler because it is the service's policy, not the transport's: a
// Retry-After is shared by every request of the run (one gate, no thundering
// herd) and honoured in full however long (A34), within the run's deadline and
// request budget, and whether a POST may be sent again depends on whether it
// can have reached the service (A33).
//
// - 429: wait exactly Retry-After (whole seconds or an HTTP date); missing or
//   unreadable, the backoff schedule applies.
// - 503 with a Retry-After (RFC 9110, 15.6.4 and 10.2.3): the service says it
//   is unavailable for that long, and did not handle the request. A pause,
//   not a failure: every request of the client waits it out (one shared
//   gate), and the request is sent again, a POST too, as after a 429.
// - Other 5xx and network errors: exponential backoff with full jitter,
//   bounded by a number of attempts and a total deadline.
// - Any other status is final: 400/401/403/404/409/410/412/422 are never resent unchanged.
// - A non-idempotent POST is never resent once it may have reached the service (A33).

export interface RetrySettings {
  /** Sends of one request for 5xx / network failures, the first included. */
  attempts: number;
  /** Waits on 429 before giving up. */
  rateLimitAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Total time one call may spend, waits included; a wait that would pass it is not started. */
  deadlineMs: number;
}

export const DEFAULT_RETRY: RetrySettings = {
  attempts: 5,
  rateLimitAttempts: 20,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  deadlineMs: 15 * 60_000,
};

export function retrySettings(options: Partial<RetrySettings> | undefined): RetrySettings {
  // Number.isFinite is false for undefined too: a missing setting takes its default.
  const pick = (value: number | undefined, fallback: number, min: number): number =>
    Number.isFinite(value) ? Math.max(min, value!) : fallback;
  return {
    attempts: Math.floor(pick(options?.attempts, DEFAULT_RETRY.attempts, 1)),
    rateLimitAttempts: Math.floor(pick(options?.rateLimitAttempts, DEFAULT_RETRY.rateLimitAttempts, 0)),
    baseDelayMs: pick(options?.baseDelayMs, DEFAULT_RETRY.baseDelayMs, 0),
    maxDelayMs: pick(options?.maxDelayMs, DEFAULT_RETRY.maxDelayMs, 0),
    deadlineMs: pick(options?.deadlineMs, DEFAULT_RETRY.deadlineMs, 0),
  };
}

/**
 * A34: Retry-After as whole seconds or an HTTP date, in whole seconds from now
 * (a date in the past is 0). Undefined when missing or unreadable.
 */
export function parseRetryAfter(header: string | string[] | undefined, nowMs: number): number | undefined {
  // Missing or empty matches neither form below.
  const value = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  if (/^\d+$/.test(value)) return Number(value);
  // An HTTP date starts with the day's name; "1.5", "-3", "10s" are no form the header has.
  if (!/^[A-Za-z]/.test(value)) return undefined;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - nowMs) / 1000));
}

/**
 * RFC 9110: a 429, or a 503 that says how long the service is unavailable,
 * refuses the request without handling it; the client waits and sends it again.
 */
function isRefusalToWaitOut(answer: Answer, nowMs: number): boolean {
  if (answer.status === 429) return true;
  return answer.status === 503 && parseRetryAfter(answer.retryAfter, nowMs) !== undefined;
}

/** Full jitter: uniform in [0, min(max, base * 2^(retry-1))], retry counting from 1. */
export function backoffDelay(retry: number, settings: RetrySettings, random: () => number): number {
  const ceiling = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** Math.max(0, retry - 1));
  const r = Math.min(1, Math.max(0, random()));
  return Math.floor(r * ceiling);
}

// Errors raised before a single byte of the request left: the service never
// saw it, so even a non-idempotent POST can be sent again.
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);

export interface NetworkFailure {
  /** False only when the request certainly never reached the service. */
  mayHaveReached: boolean;
  /** Short, key-free: `timeout`, `connection refused`, `connection closed`, … */
  reason: string;
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  const cause = (error as { cause?: unknown }).cause;
  return cause === error ? undefined : errorCode(cause);
}

export function classifyNetworkError(error: unknown): NetworkFailure {
  if (error instanceof RequestDeadlineError)
    return { mayHaveReached: true, reason: `timeout, ${error.message}` };
  const code = errorCode(error) ?? '';
  if (NOT_SENT_CODES.has(code)) {
    const reason =
      code === 'ECONNREFUSED'
        ? 'connection refused'
        : code === 'UND_ERR_CONNECT_TIMEOUT'
          ? 'connect timeout'
          : `host unreachable: ${code}`;
    return { mayHaveReached: false, reason };
  }
  if (TIMEOUT_CODES.has(code)) return { mayHaveReached: true, reason: 'timeout' };
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') {
    return { mayHaveReached: true, reason: 'connection closed without an answer' };
  }
  return { mayHaveReached: true, reason: code || 'network error' };
}

/**
 * One gate per client, shared by every worker: rate limits are per user over
 * all keys (A31), so after a 429 every later rate-limited request waits for
 * the same Retry-After instead of each firing on its own (no thundering herd).
 */
export class RateGate {
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #now: () => number;
  #open: Promise<void> | null = null;
  #until = 0;

  constructor(sleep: (ms: number) => Promise<void>, now: () => number) {
    this.#sleep = sleep;
    this.#now = now;
  }

  /** Closes the gate for ms, unless it is already closed until later. */
  close(ms: number): void {
    const until = this.#now() + ms;
    if (this.#open !== null && until <= this.#until) return;
    this.#until = until;
    // Opened however the sleep ends, unless a longer close has replaced it since.
    const reopen = (): void => {
      if (this.#open === opened) this.#open = null;
    };
    const opened: Promise<void> = this.#sleep(ms).then(reopen, reopen);
    this.#open = opened;
  }

  /** Resolves when the gate is open (at once when it is); throws the deadline's error when it opens after it. */
  async pass(deadline?: Deadline): Promise<void> {
    while (this.#open !== null) {
      if (deadline !== undefined && this.#until > deadline.at()) throw deadline.tooLate(this.#until);
      await this.#open;
    }
  }
}

export interface RetryRuntime {
  settings: RetrySettings;
  /** Length of one Retry-After second; tests shrink it. */
  secondMs: number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  now: () => number;
  gate: RateGate;
  /** Closed by a 503 with Retry-After: every request of the client waits for it; absent: each call waits alone. */
  pause?: RateGate | undefined;
  /** Spaces the rate-limited requests to the pace the service allows (A41); absent: as fast as they come. */
  pace?: GenerationPace | undefined;
  onRetry?: ((event: RetryEvent) => void) | undefined;
  /** Requests this client may still send, retries included; unlimited when absent (doctor sets one). */
  budget?: { left: number } | undefined;
  /** The run's deadline on `now`'s clock: no wait ends after it (absent: none). */
  runDeadline?: (() => number) | undefined;
}

export interface RetryEvent {
  method: string;
  path: string;
  /** The attempt that just failed, from 1. */
  attempt: number;
  waitMs: number;
  reason: string;
}

export interface RequestKind {
  method: string;
  path: string;
  /** Safe to send twice: GET, PUT, introspection. */
  idempotent: boolean;
  /** Counts toward the per-user generation allowance (A31): passes the shared gate. */
  rateLimited: boolean;
}

export interface Answer {
  status: number;
  retryAfter: string | string[] | undefined;
}

export interface Final<A extends Answer> {
  answer: A;
  /** How many times the request was sent. */
  attempts: number;
}

/**
 * Sends until the answer is final: a success, a status that is never retried,
 * or a retryable status once attempts, rate-limit waits or the deadline run
 * out (the caller turns it into a ServiceError). A non-idempotent request that
 * may have reached the service is never sent twice: it rejects with
 * OutcomeUnknownError. Network errors that outlast the retries reject with
 * NetworkError.
 */
export async function sendWithRetries<A extends Answer>(
  kind: RequestKind,
  runtime: RetryRuntime,
  /** Gets the time the call has left: an attempt must not outlive the deadline. */
  send: (remainingMs: number) => Promise<A>,
): Promise<Final<A>> {
  const call = new RetriedCall(kind, runtime);
  for (;;) {
    await call.admit();
    const started = runtime.now();
    let answer: A;
    try {
      answer = await send(call.remainingMs());
    } catch (error) {
      call.spentSince(started);
      call.answered(null);
      await runtime.sleep(call.waitAfterNetworkError(error));
      continue;
    }
    call.spentSince(started);
    let wait: { ms: number; gated: boolean } | null;
    if (isRefusalToWaitOut(answer, runtime.now())) {
      const limited = call.waitAfterRateLimit(answer);
      // Only a 429 tells the generation pace anything (A41); a 503 is refused all the same.
      call.answered({ waitMs: limited?.stated && answer.status === 429 ? limited.ms : null });
      wait = limited;
    } else {
      call.answered(null);
      wait = answer.status >= 500 ? call.waitAfterServerError(answer) : null;
    }
    if (wait === null) return { answer, attempts: call.sends };
    // A service that is unavailable is so for every request: they all wait it out.
    if (answer.status === 503 && runtime.pause) runtime.pause.close(wait.ms);
    // A rate limit is the user's (A31): every rate-limited request of the client waits it out.
    else if (wait.gated) runtime.gate.close(wait.ms);
    else await runtime.sleep(wait.ms);
  }
}

/** What one call has spent so far, and the rule for each kind of failure: wait and send again, or stop. */
class RetriedCall {
  readonly #kind: RequestKind;
  readonly #runtime: RetryRuntime;
  readonly #settings: RetrySettings;
  #sends = 0;
  /** 5xx and network errors. */
  #failures = 0;
  #rateLimits = 0;
  #spentMs = 0;
  /** This send's place in the pace, handed back when the service refuses it. */
  #ticket: number | null = null;

  constructor(kind: RequestKind, runtime: RetryRuntime) {
    this.#kind = kind;
    this.#runtime = runtime;
    this.#settings = runtime.settings;
  }

  /**
   * Waits for the shared gate and the pace when rate limited, and takes one
   * request from the budget. A request whose turn comes after the run's
   * deadline is not waited for: AfterDeadlineError, nothing sent.
   */
  async admit(): Promise<void> {
    await this.#runtime.pause?.pass();
    if (this.#kind.rateLimited) {
      const { gate, pace } = this.#runtime;
      const deadline = this.#deadline();
      if (pace) this.#ticket = await pace.admit(() => gate.pass(deadline), deadline);
      else await gate.pass(deadline);
    }
    const { budget } = this.#runtime;
    if (budget !== undefined) {
      if (budget.left <= 0) throw new RequestBudgetError(this.#kind.method, this.#kind.path);
      budget.left -= 1;
    }
    this.#sends += 1;
  }

  /** How many times the request was sent. */
  get sends(): number {
    return this.#sends;
  }

  remainingMs(): number {
    return this.#settings.deadlineMs - this.#spentMs;
  }

  spentSince(started: number): void {
    this.#spentMs += Math.max(0, this.#runtime.now() - started);
  }

  /** The wait before sending again after a network error; throws when the error is final. */
  waitAfterNetworkError(error: unknown): number {
    const { method, path, idempotent } = this.#kind;
    // The same request would get the same oversized answer: never resent.
    if (error instanceof ResponseTooLargeError) throw error;
    const failure = classifyNetworkError(error);
    if (!idempotent && failure.mayHaveReached) {
      throw new OutcomeUnknownError({ method, path, reason: failure.reason, cause: error });
    }
    this.#failures += 1;
    const waitMs = backoffDelay(this.#failures, this.#settings, this.#runtime.random);
    const outOfTime = this.#spentMs >= this.#settings.deadlineMs;
    if (this.#failures >= this.#settings.attempts || outOfTime || !this.#planWait(waitMs, failure.reason)) {
      throw new NetworkError({ method, path, reason: failure.reason, attempts: this.#sends, cause: error });
    }
    return waitMs;
  }

  /** The paced send has its answer (a 429 is a refusal, with the wait the service asked for): the pace learns (A41). */
  answered(refusal: { waitMs: number | null } | null): void {
    if (this.#ticket === null) return;
    this.#runtime.pace?.answered(this.#ticket, refusal);
    this.#ticket = null;
  }

  /** A 429 (or a 503 with Retry-After): Retry-After in full, else the backoff schedule; null when the answer is final. */
  waitAfterRateLimit(answer: Answer): { ms: number; gated: boolean; stated: boolean } | null {
    this.#rateLimits += 1;
    const seconds = parseRetryAfter(answer.retryAfter, this.#runtime.now());
    const ms =
      seconds !== undefined
        ? seconds * this.#runtime.secondMs
        : backoffDelay(this.#rateLimits, this.#settings, this.#runtime.random);
    const reason = answer.status === 429 ? 'rate limited (429)' : 'unavailable for a while (503)';
    if (this.#rateLimits > this.#settings.rateLimitAttempts || !this.#planWait(ms, reason)) {
      return null;
    }
    return { ms, gated: this.#kind.rateLimited, stated: seconds !== undefined };
  }

  /** A 5xx: the backoff schedule; null when the answer is final. A POST that may have been done is never resent (A33). */
  waitAfterServerError(answer: Answer): { ms: number; gated: false } | null {
    const { method, path, idempotent } = this.#kind;
    if (!idempotent) {
      throw new OutcomeUnknownError({
        method,
        path,
        reason: `the service answered ${answer.status}`,
        status: answer.status,
      });
    }
    this.#failures += 1;
    const ms = backoffDelay(this.#failures, this.#settings, this.#runtime.random);
    if (this.#failures >= this.#settings.attempts || !this.#planWait(ms, `status ${answer.status}`)) {
      return null;
    }
    return { ms, gated: false };
  }

  #deadline(): Deadline | undefined {
    const { runDeadline } = this.#runtime;
    if (runDeadline === undefined) return undefined;
    const { method, path } = this.#kind;
    return { at: runDeadline, tooLate: (readyAt) => new AfterDeadlineError(method, path, readyAt) };
  }

  /** Counts a wait against the call's deadline and reports it; false when it would pass it, or the run's. */
  #planWait(waitMs: number, reason: string): boolean {
    if (this.#spentMs + waitMs > this.#settings.deadlineMs) return false;
    const runDeadline = this.#runtime.runDeadline?.() ?? Infinity;
    if (this.#runtime.now() + waitMs > runDeadline) return false;
    const { method, path } = this.#kind;
    this.#runtime.onRetry?.({ method, path, attempt: this.#sends, waitMs, reason });
    this.#spentMs += waitMs;
    return true;
  }
}
