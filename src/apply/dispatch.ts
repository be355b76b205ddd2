import { OutcomeUnknownError, ServiceError } from '../api/errors.ts';
import {
  GENERATING_STATUSES,
  type ContentStatus,
  type GenerationRequest,
  type PublishOptions,
  type ServiceApi,
} from '../api/types.ts';
import type { Logger } from '../log.ts';
import { readStatus } from './status.ts';
import type { Clock } from './wait.ts';

// Generations and uploads whose answer was lost (A33, A40). They are not
// idempotent, and a publication cannot be taken back, so one is never sent
// again blindly: the service is watched for a sign that it received it (the
// item moves, a run shows progress, the item is touched) until the stall
// threshold has passed, the point after which the interface lets an upload be
// dispatched again. Only then, with no sign at all, is it sent once more; a
// second lost answer without a sign is left unknown, never sent a third time.

/** What a dispatch did: `started` a job, found one `running` already, or found the item `published`. */
export type Dispatch = 'started' | 'running' | 'published';

export interface Dispatched {
  outcome: Dispatch;
  /** When a request whose answer was lost was sent (ISO 8601), or null: the outcome is then the service's to show. */
  lostAt: string | null;
}

/** The request may have been received, and the service shows no sign of it either way: it is not sent again. */
export class OutcomeStillUnknownError extends Error {
  override name = 'OutcomeStillUnknownError';
  readonly sentAt: string;

  constructor(what: string, sentAt: string) {
    super(
      `The ${what} request lost its answer twice and the service shows no sign of either; it is not sent again.`,
    );
    this.sentAt = sentAt;
  }
}

export interface DispatchContext {
  client: ServiceApi;
  logger: Logger;
  clock: Clock;
  /** How long the service may show no sign of a request before it counts as not received (the stall threshold). */
  stallMs: number;
  /** Wall clock for the time a request was sent; default Date.now. */
  now?: () => number;
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
  try {
    const updatedAt = (await client.getContent(id)).updated_at;
    return updatedAt !== null && updatedAt !== before.updatedAt ? now.status : null;
  } catch {
    return null;
  }
}

/** Looks for a sign until the stall threshold has passed since the request was sent. */
async function watchForSign(
  context: DispatchContext,
  id: string,
  before: Before,
): Promise<ContentStatus | null> {
  const until = context.clock.now() + context.stallMs;
  for (;;) {
    const sign = await signOf(context.client, id, before);
    if (sign !== null) return sign;
    const left = until - context.clock.now();
    if (left <= 0) return null;
    await context.clock.sleep(Math.min(LOOK_EVERY_MS, left));
  }
}

async function updatedAtOf(client: ServiceApi, id: string): Promise<string | null> {
  try {
    return (await client.getContent(id)).updated_at;
  } catch {
    return null;
  }
}

async function dispatch(
  context: DispatchContext,
  id: string,
  status: ContentStatus | null,
  send: () => Promise<void>,
  what: string,
): Promise<Dispatched> {
  const { client, logger } = context;
  let lostAt: string | null = null;
  let before: Before | null = null;
  for (let sends = 1; ; sends++) {
    const sentAt = new Date((context.now ?? Date.now)()).toISOString();
    try {
      await send();
      return { outcome: 'started', lostAt };
    } catch (error) {
      // 409: something is in flight already; wait for it, never send again.
      if (isCode(error, 409, 'already_published')) return { outcome: 'published', lostAt };
      if (isCode(error, 409)) return { outcome: 'running', lostAt };
      if (!(error instanceof OutcomeUnknownError)) throw error;
      lostAt ??= sentAt;
      before ??= { status, updatedAt: await updatedAtOf(client, id) };
      const sign = await watchForSign(context, id, before);
      if (sign !== null) {
        logger.info(`The ${what} request lost its answer; the item is ${sign}, so it was received.`);
        return { outcome: sign === 'UPLOADED' ? 'published' : 'started', lostAt };
      }
      if (sends >= 2) throw new OutcomeStillUnknownError(what, lostAt);
      logger.info(
        `The ${what} request lost its answer and the service shows no sign of it past the stall threshold ` +
          `(${Math.round(context.stallMs / 1000)} s); sending it again, once.`,
      );
    }
  }
}

/** POST /gen/process-content-async, resolved by what the service shows when its answer is lost. */
export function dispatchGeneration(
  context: DispatchContext,
  request: GenerationRequest,
  before: ContentStatus | null,
): Promise<Dispatched> {
  const what = request.publish ? 'publishing generation' : 'generation';
  return dispatch(context, request.content_id, before, () => context.client.processContent(request), what);
}

/** POST /contents/upload/{id}; a 409 means an upload is in flight: wait and poll, never resend. */
export function dispatchUpload(
  context: DispatchContext,
  id: string,
  publish: PublishOptions,
  before: ContentStatus | null,
): Promise<Dispatched> {
  return dispatch(context, id, before, () => context.client.upload(id, publish), 'upload');
}
