import type { ContentStatus } from '../service-client/types.ts';
import { RUNNING_STATUSES, mayBeInFlight, publishesInOneRun } from '../plan/inflight.ts';
import type { Step } from '../plan/types.ts';
import type { Context } from './context.ts';
import { held, leftRunning, saw, waited } from './item-run.ts';
import type { Dispatch } from './dispatch.ts';
import { readStatus } from './status.ts';
import type { ItemRun } from './types.ts';
import { waitForItem, type WaitUntil } from './wait.ts';

// Waiting for the service before and after this run acts on an item: a run
// already in flight, a job this run dispatched, a plan the service has moved
// away from since it was made.

export interface SettleOptions {
  /** What ends the wait (wait.ts); `settled` unless a publication may pass through. */
  until?: WaitUntil;
  /** Something is, or may be, in flight: wait even when the status does not say so. */
  inFlight?: boolean;
  /** The status the item was sent from: the wait goes on while it has not left it (a queued job). */
  leaving?: ContentStatus;
  /** The item's updated_at before a retried render: moving since tells that the job ran. */
  since?: string | null;
}

/** Waits while the item is in flight; false when the run stops waiting (deadline, or `wait: false`). */
export async function settle(run: ItemRun, context: Context, options: SettleOptions = {}): Promise<boolean> {
  const { until = 'settled', inFlight = false, leaving, since } = options;
  if (run.id === null || run.status === null) return true;
  if (!inFlight && leaving === undefined && !RUNNING_STATUSES.has(run.status) && until === 'settled')
    return true;
  if (!context.wait) {
    leftRunning(run);
    return false;
  }
  const outcome = await waitForItem(
    context.client,
    { id: run.id, file: run.item.file, title: run.item.title },
    {
      deadline: context.deadline,
      clock: context.clock,
      poll: context.poll,
      logger: context.logger,
      tally: context.tally,
      until,
      ...(leaving === undefined ? {} : { leaving }),
      ...(since === undefined ? {} : { since }),
      ...(context.startWaitMs === undefined ? {} : { startWaitMs: context.startWaitMs }),
    },
  );
  waited(run, outcome);
  if (outcome.notStarted) {
    held(run, { kind: 'not_started', status: outcome.status });
    context.logger.warning(
      `The service accepted the request, but the item is still ${outcome.status}: it has not started yet.`,
    );
  }
  return !outcome.timedOut;
}

export interface DispatchWait {
  /** What the dispatch did (lost-answers.ts). */
  dispatched: Dispatch;
  /** The status the item had when it was sent. */
  before: ContentStatus | null;
  until: WaitUntil;
  /** A 409 for a job already there may still be queued in the status it was sent from (a generation's). */
  conflictMayBeQueued: boolean;
  since?: string | null;
}

/** After a dispatch: wait for the item to leave the status it was sent from, then for the job to end. */
export async function settleDispatch(run: ItemRun, context: Context, wait: DispatchWait): Promise<boolean> {
  if (wait.dispatched === 'published') {
    saw(run, 'UPLOADED');
    return true;
  }
  // A started job, or (for a generation) a 409 for one already there, may still be queued in the status it
  // was sent from. A 409 on an upload says one is in flight, which the status shows.
  const queued = wait.dispatched === 'started' || wait.conflictMayBeQueued;
  const leaving = wait.before !== null && queued ? wait.before : undefined;
  return settle(run, context, {
    until: wait.until,
    inFlight: true,
    ...(leaving === undefined ? {} : { leaving }),
    ...(wait.since === undefined ? {} : { since: wait.since }),
  });
}

/** Whether a one-shot publication of this item may pass through VIDEO_PROCESSED (plan/inflight.ts). */
function oneRun(run: ItemRun): boolean {
  return publishesInOneRun(run.item, run.item.publishVia === 'oneshot');
}

/** A fresh look before a dispatch: another run may have rendered or published the item meanwhile. */
export async function freshStatus(run: ItemRun, context: Context): Promise<boolean> {
  if (run.id === null) return false;
  const now = await readStatus(context.client, run.id);
  saw(run, now.status);
  if (mayBeInFlight(now.status, now.progress, oneRun(run)))
    return settle(run, context, { until: 'maybe-published', inFlight: true });
  return true;
}

const WRITES: ReadonlySet<Step['kind']> = new Set(['edit', 'render', 'upload']);

/**
 * Items wait for a worker, and the service moves on meanwhile (a render
 * finishes, a one-shot run starts publishing, another run acts). A plan whose
 * first act is a write is carried out only on the status it was made from;
 * otherwise nothing is sent, an in-flight run is waited for, and the next run
 * plans the item again. Task status is not rate limited, so the look is cheap.
 */
export async function stillAsPlanned(
  run: ItemRun,
  work: readonly Step[],
  context: Context,
): Promise<boolean> {
  const planned = run.item.remote;
  if (planned === null || run.id === null || !WRITES.has(work[0]!.kind)) return true;
  const now = await readStatus(context.client, run.id);
  const inFlight = mayBeInFlight(now.status, now.progress, oneRun(run));
  // A plan made on a generating item (cancel-running) expects it still to be
  // generating, but never publishing: a publication is not interrupted (A17).
  const asPlanned = RUNNING_STATUSES.has(planned.status)
    ? RUNNING_STATUSES.has(now.status) && now.status !== 'UPLOADING'
    : now.status === planned.status && !inFlight;
  if (asPlanned) return true;
  saw(run, now.status);
  held(run, { kind: 'changed_since_plan', planned: planned.status, found: now.status });
  context.logger.info(
    `Moved from ${planned.status} to ${now.status}${inFlight ? ' with a run in flight' : ''} since the plan was made: nothing is sent for it in this run.`,
  );
  if (inFlight) await settle(run, context, { until: 'maybe-published', inFlight: true });
  return false;
}
