import {
  TERMINAL_STATUSES,
  isKnownStatus,
  type ContentStatus,
  type Progress,
  type ServiceApi,
  type TaskStatus,
} from '../service-client/types.ts';
import type { Logger, Tally } from '../log.ts';
import { PARKED_STATUSES, RESTING_STATUSES, RUNNING_STATUSES } from '../plan/inflight.ts';
import { readStatus, readUpdatedAt } from './status.ts';

// Waiting for the service: GET /gen/task-status/{id} (never rate limited),
// quickly at first and then less often, until the item is no longer in
// flight or the run's deadline passes.

export interface PollPolicy {
  /** First delay between two reads. */
  initialMs: number;
  /** Longest delay between two reads. */
  maxMs: number;
  /** Growth of the delay after each read that shows no change. */
  factor: number;
  /**
   * How long a progress snapshot on a parked status (AUDIO_PROCESSED,
   * VIDEO_PROCESSED) may stand still before it is taken as the stale snapshot
   * of a run that parked rather than a run between two phases; default 30 s.
   */
  staleMs?: number;
}

export const DEFAULT_POLL: PollPolicy = { initialMs: 500, maxMs: 10_000, factor: 1.5 };
const DEFAULT_STALE_MS = 30_000;

export interface Clock {
  /** Milliseconds, monotonic. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface WaitTarget {
  id: string;
  file: string;
  title: string;
}

export interface WaitOutcome {
  status: ContentStatus;
  lastError: string | null;
  /** The deadline passed while the item was still in flight. */
  timedOut: boolean;
  /** The item never left the status it had before the dispatch (the job stayed queued). */
  notStarted?: boolean;
}

/**
 * How long a dispatched job may stay queued in the status it was sent from
 * before the wait gives up on it: a 202 is not a start, and a generation
 * still in NEW a few seconds later is not done.
 */
const DEFAULT_START_WAIT_MS = 120_000;

function sameProgress(a: Progress | null, b: Progress | null): boolean {
  return a?.percentage === b?.percentage && a?.step === b?.step && a?.message === b?.message;
}

/** Delay before the next read: grows while nothing changes, back to fast after a change. */
function nextDelay(policy: PollPolicy, previous: number | null, changed: boolean): number {
  if (previous === null || changed) return policy.initialMs;
  return Math.min(policy.maxMs, previous * policy.factor);
}

/**
 * What ends a wait. `settled`: not generating (terminal, parked at
 * VIDEO_PROCESSED, or NEW). `published`: a one-shot run that carries its
 * publication passes through VIDEO_PROCESSED on its way to UPLOADING, so only
 * a terminal state ends it. `maybe-published`: a run of unknown kind; a
 * VIDEO_PROCESSED that holds for a few reads is taken as parked.
 */
export type WaitUntil = 'settled' | 'published' | 'maybe-published';

const PARKED_READS = 3;

/**
 * Whether the wait ends on this read. `progress` is null when no run is in
 * flight; a snapshot on a parked status (or NEW) that has not moved for a few
 * reads is the stale one of a run that parked or ended, and never keeps the
 * item waiting.
 */
function ends(
  until: WaitUntil,
  status: ContentStatus,
  inFlight: boolean,
  stillReads: number,
  stillForMs: number,
  staleMs: number,
): boolean {
  if (RUNNING_STATUSES.has(status)) return false;
  // A word beyond the thirteen while this run's job goes on (a queue before
  // the first phase, say) is waited through: the deadline ends the wait, and
  // what the item then shows is judged as ever. Late is only late.
  if (!isKnownStatus(status)) return false;
  // A run that publishes nothing ends where a render rests, whatever snapshot the service kept.
  if (until === 'settled' && RESTING_STATUSES.has(status)) return true;
  // NEW too: a service may keep a run's last snapshot after an edit set the item back to NEW.
  const resting = PARKED_STATUSES.has(status) || status === 'NEW';
  const stale = resting && stillReads >= PARKED_READS && stillForMs >= staleMs;
  // A one-shot run passing through VIDEO_PROCESSED on its way to UPLOADING still has one.
  // A run that carries its publication never rests in AUDIO_PROCESSED or NEW, so a still snapshot there is stale too.
  const parked = stale && (until !== 'published' || status === 'AUDIO_PROCESSED' || status === 'NEW');
  if (inFlight && !TERMINAL_STATUSES.has(status) && !parked) return false;
  if (until === 'settled' || TERMINAL_STATUSES.has(status)) return true;
  if (status !== 'VIDEO_PROCESSED') return true;
  return until === 'maybe-published' && stillReads >= PARKED_READS;
}

/** Whether the item's updated_at moved since the dispatch; a failed read is no answer. */
async function touchedSince(
  client: ServiceApi,
  id: string,
  since: string | null | undefined,
): Promise<boolean> {
  if (since === undefined || since === null) return false;
  const now = await readUpdatedAt(client, id);
  return now !== null && now !== since;
}

export interface WaitOptions {
  deadline: number;
  clock: Clock;
  poll: PollPolicy;
  logger: Logger;
  /** The apply's running count, shown with each state change. */
  tally?: Tally;
  until?: WaitUntil;
  /** The status before this run's dispatch: the wait goes on while the item has not left it. */
  leaving?: ContentStatus;
  /** How long the item may stay in `leaving`; default DEFAULT_START_WAIT_MS. */
  startWaitMs?: number;
  /**
   * The item's updated_at before the dispatch. A retried render can fail
   * back into the failed status it left between two reads; the item was
   * touched since, which a job still queued has not been.
   */
  since?: string | null;
}

/** What a wait has seen so far. */
interface Seen {
  last: TaskStatus | null;
  /** The status the item was sent from, until it has left it. */
  leaving: ContentStatus | undefined;
  /** Reads in a row that showed the same status and snapshot, and since when. */
  stillReads: number;
  stillSince: number;
}

/** One read of the item: logged when it moved; whether its status moved. */
async function look(
  client: ServiceApi,
  target: WaitTarget,
  options: WaitOptions,
  seen: Seen,
): Promise<boolean> {
  const status = await readStatus(client, target.id);
  const { last } = seen;
  const statusChanged = last === null || last.status !== status.status;
  const changed = statusChanged || !sameProgress(last.progress, status.progress);
  if (changed) {
    const tally = options.tally ? { tally: { ...options.tally } } : {};
    options.logger.progress({
      file: target.file,
      title: target.title,
      status: status.status,
      progress: status.progress,
      ...tally,
    });
  }
  // Left: another status, or a snapshot that moves (a stale one of the last run does not).
  if (seen.leaving !== undefined && (status.status !== seen.leaving || (last !== null && changed)))
    seen.leaving = undefined;
  if (seen.leaving !== undefined && last !== null && (await touchedSince(client, target.id, options.since)))
    seen.leaving = undefined;
  seen.stillReads = changed ? 1 : seen.stillReads + 1;
  if (changed) seen.stillSince = options.clock.now();
  seen.last = status;
  return statusChanged;
}

/** How the wait ends after this read, or null when it goes on. */
function verdict(seen: Seen, options: WaitOptions, startBy: number): WaitOutcome | null {
  const status = seen.last!;
  const answer = { status: status.status, lastError: status.last_error };
  const now = options.clock.now();
  // Queued: the service answered, the worker has not taken the job yet.
  if (seen.leaving !== undefined)
    return now >= Math.min(startBy, options.deadline)
      ? { ...answer, timedOut: true, notStarted: true }
      : null;
  const staleMs = options.poll.staleMs ?? DEFAULT_STALE_MS;
  const until = options.until ?? 'settled';
  if (ends(until, status.status, status.progress !== null, seen.stillReads, now - seen.stillSince, staleMs))
    return { ...answer, timedOut: false };
  return now >= options.deadline ? { ...answer, timedOut: true } : null;
}

/** Polls until the wait ends (see WaitUntil) or the deadline passes. */
export async function waitForItem(
  client: ServiceApi,
  target: WaitTarget,
  options: WaitOptions,
): Promise<WaitOutcome> {
  const { clock, poll } = options;
  const startBy = clock.now() + (options.startWaitMs ?? DEFAULT_START_WAIT_MS);
  const seen: Seen = { last: null, leaving: options.leaving, stillReads: 0, stillSince: clock.now() };
  let delay: number | null = null;
  for (;;) {
    const statusChanged = await look(client, target, options, seen);
    const outcome = verdict(seen, options, startBy);
    if (outcome !== null) return outcome;
    // Back to fast reads only when the status moves on, not on every progress snapshot.
    delay = nextDelay(poll, delay, statusChanged);
    await clock.sleep(Math.min(delay, options.deadline - clock.now()));
  }
}
