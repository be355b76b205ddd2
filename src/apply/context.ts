import type { ServiceApi } from '../api/types.ts';
import type { Logger, Tally } from '../log.ts';
import type { Hold, PublicationTarget, Step } from '../plan/types.ts';
import type { Clock, PollPolicy } from './wait.ts';

// What every step of an apply works with.

export interface ApplyOptions {
  client: ServiceApi;
  /** Step kinds this run may execute (plan mode with previews: create and edit only). */
  allowed: ReadonlySet<Step['kind']>;
  concurrency: number;
  /** False: dispatch and report, without waiting for generations to finish. */
  wait: boolean;
  timeoutMs: number;
  logger: Logger;
  clock?: Clock;
  poll?: PollPolicy;
  /** How long a dispatched job may stay queued before it counts as not started; default 120 s. */
  startWaitMs?: number;
  /** How long a lost create is looked for before it is sent again; default the client's retry deadline, within the run's. */
  createLookMs?: number;
  /** Why a publication may not go out now (a freeze begun since the plan, a paused account); null when it may. */
  publicationHold?: (target: PublicationTarget) => Hold | null;
  /** How long the service may show no sign of a generation or upload whose answer was lost (dispatch.ts); default 60 s. */
  stallMs?: number;
}

export interface Context extends ApplyOptions {
  clock: Clock;
  stallMs: number;
  poll: PollPolicy;
  deadline: number;
  /** The running count of items with work, shown on every progress line. */
  tally: Tally;
}
