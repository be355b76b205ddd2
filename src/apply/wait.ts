import {
  GENERATING_STATUSES,
  TERMINAL_STATUSES,
  type ContentStatus,
  type Progress,
  type ServiceApi,
  type TaskStatus,
} from '../api/types.ts';
import type { Logger } from '../log.ts';

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
}

export const DEFAULT_POLL: PollPolicy = { initialMs: 500, maxMs: 10_000, factor: 1.5 };

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
}

function sameProgress(a: Progress | null, b: Progress | null): boolean {
  return a?.percentage === b?.percentage && a?.step === b?.step && a?.message === b?.message;
}

/** Delay before the next read: grows while nothing changes, back to fast after a change. */
export function nextDelay(policy: PollPolicy, previous: number | null, changed: boolean): number {
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

function ends(until: WaitUntil, status: ContentStatus, inFlight: boolean, parkedReads: number): boolean {
  if (GENERATING_STATUSES.has(status)) return false;
  // The interface: progress is null when no run is in flight. A one-shot run
  // passing through VIDEO_PROCESSED on its way to UPLOADING still has one.
  if (inFlight && !TERMINAL_STATUSES.has(status)) return false;
  if (until === 'settled' || TERMINAL_STATUSES.has(status)) return true;
  if (status !== 'VIDEO_PROCESSED') return true;
  return until === 'maybe-published' && parkedReads >= PARKED_READS;
}

/** Polls until the wait ends (see WaitUntil) or the deadline passes. */
export async function waitForItem(
  client: ServiceApi,
  target: WaitTarget,
  options: { deadline: number; clock: Clock; poll: PollPolicy; logger: Logger; until?: WaitUntil },
): Promise<WaitOutcome> {
  const { clock, poll, logger, deadline } = options;
  const until = options.until ?? 'settled';
  let last: TaskStatus | null = null;
  let delay: number | null = null;
  let parkedReads = 0;
  for (;;) {
    const status = await client.taskStatus(target.id);
    const statusChanged = last === null || last.status !== status.status;
    const changed =
      last === null || last.status !== status.status || !sameProgress(last.progress, status.progress);
    if (changed)
      logger.progress({
        file: target.file,
        title: target.title,
        status: status.status,
        progress: status.progress,
      });
    last = status;
    parkedReads = status.status === 'VIDEO_PROCESSED' ? parkedReads + 1 : 0;
    if (ends(until, status.status, status.progress !== null, parkedReads)) {
      return { status: status.status, lastError: status.last_error, timedOut: false };
    }
    const remaining = deadline - clock.now();
    if (remaining <= 0) return { status: status.status, lastError: status.last_error, timedOut: true };
    // Back to fast reads only when the status moves on, not on every progress snapshot.
    delay = nextDelay(poll, delay, statusChanged);
    await clock.sleep(Math.min(delay, remaining));
  }
}
