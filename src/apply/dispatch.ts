import { AfterDeadlineError, OutcomeUnknownError, ServiceError } from '../service-client/errors.ts';
import { newIdempotencyKey, type WriteOptions } from '../service-client/idempotency.ts';
import {
  GENERATING_STATUSES,
  type ContentStatus,
  type GenerationRequest,
  type RenderOptions,
  type ServiceApi,
} from '../service-client/types.ts';
import type { Hold, PublicationTarget } from '../plan/types.ts';
import { answerLost, held } from './item-run.ts';
import type { JobTimes } from './job-times.ts';
import type { ItemRun } from './types.ts';
import type { Logger } from '../log.ts';
import { readStatus, readUpdatedAt } from './status.ts';
import type { Clock } from './wait.ts';

// Generations and uploads: every send of one passes here, resends included,
// so the freeze and pause check before each send (sendHold) has one home.
//
// Their answers may be lost (A33, A40). They are not idempotent as the
// interface shows them, and a publication cannot be taken back, so one is
// never sent again blindly: the service is watched for a sign that it
// received it (the item moves, a run shows progress, the item is touched)
// until the stall threshold has passed, the point after which the interface
// lets an upload be dispatched again. Only then, with no sign at all, is it
// sent once more, with the same Idempotency-Key (service-client/idempotency.ts); a
// second lost answer without a sign is left unknown, never sent a third time.
// A service that queues the first for longer than the threshold, and ignores
// the key, then publishes twice: with at-most-once, a publication whose
// answer was lost is held as unknown instead, never sent again.

/** What a dispatch did: `started` a job, found one `running` already, or found the item `published`. */
export type Dispatch = 'started' | 'running' | 'published';

export interface Dispatched {
  outcome: Dispatch;
  /** When a request whose answer was lost was sent (ISO 8601), or null: the outcome is then the service's to show. */
  unknownSince: string | null;
  /** How many times the request was sent: 2 when it was sent again after a lost answer. */
  sends: number;
}

/** The request may have been received, and the service shows no sign of it either way: it is not sent again. */
class OutcomeStillUnknownError extends Error {
  override name = 'OutcomeStillUnknownError';
  readonly sentAt: string;
  readonly sends: number;
  readonly atMostOnce: boolean;

  /** `deadline`: the run's deadline came before the stall threshold, so this run cannot tell, and does not resend. */
  constructor(
    what: string,
    sentAt: string,
    sends: number,
    atMostOnce: boolean,
    why: 'lost' | 'deadline' = 'lost',
  ) {
    super(
      why === 'deadline'
        ? `The ${what} request lost its answer and the service showed no sign of it before this run's deadline; it is not sent again in this run.`
        : atMostOnce
          ? `The ${what} request lost its answer and the service shows no sign of it; with at-most-once it is not sent again.`
          : `The ${what} request lost its answer, was sent again once when the service showed no sign of it, ` +
            'and lost its answer again; it is not sent a third time.',
    );
    this.sentAt = sentAt;
    this.sends = sends;
    this.atMostOnce = atMostOnce;
  }
}

/** A freeze or a pause holds the request at the moment it would be sent; `lost` when an earlier send lost its answer. */
class HeldAtSendError extends Error {
  override name = 'HeldAtSendError';
  readonly hold: Hold;
  readonly unknownSince: string | null;

  constructor(hold: Hold, unknownSince: string | null) {
    super(`held at send: ${hold.kind}`);
    this.hold = hold;
    this.unknownSince = unknownSince;
  }
}

/** What is checked before a send: the publication it carries (null: none), whether it renders, when it may end. */
export interface SendCheck {
  publication: PublicationTarget | null;
  renders: boolean;
  /** How long after the send the publication may end (job-times.ts). */
  leadMs: number;
}

export interface DispatchContext {
  client: ServiceApi;
  logger: Logger;
  clock: Clock;
  /** How long the service may show no sign of a request before it counts as not received (the stall threshold). */
  stallMs: number;
  /** Wall clock for the time a request was sent; default Date.now. */
  now?: () => number;
  /** Why a request may not be sent now (a freeze, a paused account); asked before every send, resends included. */
  sendHold?: (send: SendCheck) => Hold | null;
  /** A publication whose answer was lost is held as unknown, never sent again. */
  atMostOnce?: boolean;
  /** How long this run's jobs took, for the lead a publication's freeze check allows. */
  jobTimes?: JobTimes;
  /** The run's deadline on `clock`: no look for a sign goes past it; absent, none. */
  deadline?: number;
}

/** The default stall threshold: the interface does not show its value (A40). */
export const DEFAULT_STALL_MS = 60_000;
const LOOK_EVERY_MS = 2_000;

function isCode(error: unknown, status: number, code?: string): error is ServiceError {
  return (
    error instanceof ServiceError && error.status === status && (code === undefined || error.codeIs(code))
  );
}

interface Before {
  status: ContentStatus | null;
  updatedAt: string | null;
}

/** The service shows that a request took effect: the status moved, a run shows progress, the item was touched. */
async function signOf(client: ServiceApi, id: string, before: Before): Promise<ContentStatus | null> {
  const now = await readStatus(client, id);
  if (GENERATING_STATUSES.has(now.status) || now.status === 'UPLOADED') return now.status;
  if (before.status !== null && now.status !== before.status) return now.status;
  if (now.progress !== null) return now.status;
  if (before.updatedAt === null) return null;
  const updatedAt = await readUpdatedAt(client, id);
  return updatedAt !== null && updatedAt !== before.updatedAt ? now.status : null;
}

/**
 * Looks for a sign until the stall threshold has passed since the request
 * was sent; 'cut short' when the run's deadline comes first (the request
 * is then not known to be lost, and must not be sent again).
 */
async function watchForSign(
  context: DispatchContext,
  id: string,
  before: Before,
): Promise<ContentStatus | null | 'cut short'> {
  const stalled = context.clock.now() + context.stallMs;
  const until = Math.min(stalled, context.deadline ?? Infinity);
  for (;;) {
    const sign = await signOf(context.client, id, before);
    if (sign !== null) return sign;
    const left = until - context.clock.now();
    if (left <= 0) return until < stalled ? 'cut short' : null;
    await context.clock.sleep(Math.min(LOOK_EVERY_MS, left));
  }
}

/** One write: what the logs call it, what the freeze check sees of it, and how it is sent. */
interface Write {
  what: string;
  check: SendCheck;
  send: (options: WriteOptions) => Promise<void>;
}

/** The check before every send: a freeze or a pause may have begun since the plan, or since the first send. */
function checkBeforeSend(context: DispatchContext, write: Write, unknownSince: string | null): void {
  const hold = context.sendHold?.(write.check) ?? null;
  if (hold !== null) throw new HeldAtSendError(hold, unknownSince);
}

async function dispatch(
  context: DispatchContext,
  id: string,
  status: ContentStatus | null,
  write: Write,
): Promise<Dispatched> {
  const { client, logger } = context;
  // One key for every send of this write (service-client/idempotency.ts).
  const options: WriteOptions = { idempotencyKey: newIdempotencyKey() };
  let unknownSince: string | null = null;
  let before: Before | null = null;
  for (let sends = 1; ; sends++) {
    checkBeforeSend(context, write, unknownSince);
    const sentAt = new Date((context.now ?? Date.now)()).toISOString();
    try {
      await write.send(options);
      return { outcome: 'started', unknownSince, sends };
    } catch (error) {
      // 409: something is in flight already; wait for it, never send again.
      if (isCode(error, 409, 'already_published')) return { outcome: 'published', unknownSince, sends };
      if (isCode(error, 409)) return { outcome: 'running', unknownSince, sends };
      // The resend's turn comes after the deadline: the first request, lost, is all this run knows of.
      if (error instanceof AfterDeadlineError && unknownSince !== null)
        throw new OutcomeStillUnknownError(write.what, unknownSince, sends - 1, false, 'deadline');
      if (!(error instanceof OutcomeUnknownError)) throw error;
      unknownSince ??= sentAt;
      before ??= { status, updatedAt: await readUpdatedAt(client, id) };
      const sign = await watchForSign(context, id, before);
      if (sign === 'cut short')
        throw new OutcomeStillUnknownError(write.what, unknownSince, sends, false, 'deadline');
      if (sign !== null) {
        logger.info(`The ${write.what} request lost its answer; the item is ${sign}, so it was received.`);
        return { outcome: sign === 'UPLOADED' ? 'published' : 'started', unknownSince, sends };
      }
      const atMostOnce = context.atMostOnce === true && write.check.publication !== null;
      if (sends >= 2 || atMostOnce)
        throw new OutcomeStillUnknownError(write.what, unknownSince, sends, atMostOnce);
      logger.info(
        `The ${write.what} request lost its answer and the service shows no sign of it past the stall threshold ` +
          `(${Math.round(context.stallMs / 1000)} s); sending it again, once, with the same Idempotency-Key.`,
      );
    }
  }
}

/** A generation: the render, and the publication the one-shot request carries (null: none). */
export interface Generation {
  id: string;
  render: RenderOptions;
  publication: PublicationTarget | null;
}

/** POST /gen/process-content-async, resolved by what the service shows when its answer is lost. */
export function dispatchGeneration(
  context: DispatchContext,
  generation: Generation,
  before: ContentStatus | null,
): Promise<Dispatched> {
  const { id, render, publication } = generation;
  const request: GenerationRequest = { content_id: id, render, publish: publication?.options };
  const leadMs = context.jobTimes?.expectedMs('render') ?? 0;
  return dispatch(context, id, before, {
    what: publication ? 'publishing generation' : 'generation',
    check: { publication, renders: true, leadMs },
    send: (options) => context.client.processContent(request, options),
  });
}

/** POST /contents/upload/{id}; a 409 means an upload is in flight: wait and poll, never resend. */
export function dispatchUpload(
  context: DispatchContext,
  id: string,
  publication: PublicationTarget,
  before: ContentStatus | null,
): Promise<Dispatched> {
  const leadMs = context.jobTimes?.expectedMs('upload') ?? 0;
  return dispatch(context, id, before, {
    what: 'upload',
    check: { publication, renders: false, leadMs },
    send: (options) => context.client.upload(id, publication.options, options),
  });
}

/**
 * A generation or upload whose outcome stays unknown (dispatch.ts) is left to
 * the service: held as unknown, never sent again in this run. One a freeze or
 * a pause holds at the moment it would be sent is held with that reason. One
 * whose turn in the service's pace comes after the run's deadline is not
 * sent: held, for the next run.
 */
export async function sendOnce<T>(
  run: ItemRun,
  context: DispatchContext,
  send: () => Promise<T>,
): Promise<T | null> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof HeldAtSendError) {
      held(run, error.hold);
      if (error.unknownSince !== null) answerLost(run, error.unknownSince, 1);
      return null;
    }
    if (error instanceof AfterDeadlineError) {
      held(run, { kind: 'after_deadline', nextAt: error.nextAt });
      context.logger.warning(`${error.message} The next run sends it.`);
      return null;
    }
    if (!(error instanceof OutcomeStillUnknownError)) throw error;
    const { sentAt, sends, atMostOnce } = error;
    held(run, { kind: 'outcome_unknown', request: error.message, sentAt, sends, atMostOnce });
    answerLost(run, sentAt, sends);
    context.logger.warning(
      `${error.message} Its outcome is the service's to show: check the channel before anything sends it again.`,
    );
    return null;
  }
}
