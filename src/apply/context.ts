import type { ServiceApi } from '../service-client/types.ts';
import type { Logger, Tally } from '../log.ts';
import type { Hold, Step } from '../plan/types.ts';
import type { SendCheck } from './dispatch.ts';
import type { JobTimes } from './job-times.ts';
import type { PreviewBudget } from './preview-budget.ts';
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
  /**
   * Why a generation or upload may not be sent now (a freeze begun since the
   * plan, one its publication would end in, a paused account); null when it
   * may. Asked before every send, resends included (dispatch.ts).
   */
  sendHold?: (send: SendCheck) => Hold | null;
  /** A publication whose answer was lost is held as unknown until a person decides, never sent again. */
  atMostOnce?: boolean;
  /** A pull request's preview renders: the preview-credits ceiling, checked before each render (preview-budget.ts). */
  renderBudget?: PreviewBudget;
  /** How long the service may show no sign of a generation or upload whose answer was lost (dispatch.ts); default 60 s. */
  stallMs?: number;
}

export interface Context extends ApplyOptions {
  clock: Clock;
  stallMs: number;
  poll: PollPolicy;
  deadline: number;
  /** How long this run's renders and uploads took (job-times.ts). */
  jobTimes: JobTimes;
  /** The running count of items with work, shown on every progress line. */
  tally: Tally;
}
