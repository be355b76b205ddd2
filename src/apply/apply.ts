import { ClearedFieldsError, ReadBackError, ServiceError, describeError } from '../api/errors.ts';
import { DEFAULT_RETRY } from '../api/retry.ts';
import {
  FAILED_STATUSES,
  RENDERED_STATUSES,
  type ContentDetail,
  type ContentStatus,
  type ServiceApi,
} from '../api/types.ts';
import type { Logger, Tally } from '../log.ts';
import { mapLimit } from '../concurrency.ts';
import { RUNNING_STATUSES, mayBeInFlight, publishesInOneRun } from '../plan/inflight.ts';
import type { PlanItem, Step } from '../plan/types.ts';
import { settleTitleRace } from './race.ts';
import { readBackFields, readBackRender, type ServiceTermsNote } from './readback.ts';
import { createOrAdopt, dispatchGeneration, dispatchUpload, type Dispatch } from './lost-answers.ts';
import { outcomeOf } from './results.ts';
import type { ItemRun } from './types.ts';
import { DEFAULT_POLL, realClock, waitForItem, type Clock, type PollPolicy, type WaitUntil } from './wait.ts';
import { readStatus } from './status.ts';

// Carries out a plan: `concurrency` items at once, each item's steps in order.
// Every item ends with a result; one item's failure never stops the others.

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
}

/** What happened to one item while applying; the results are made from it. */

interface Context extends ApplyOptions {
  clock: Clock;
  poll: PollPolicy;
  deadline: number;
  /** The running count of items with work, shown on every progress line. */
  tally: Tally;
}

async function settle(
  run: ItemRun,
  context: Context,
  until: WaitUntil = 'settled',
  inFlight = false,
  leaving?: ContentStatus,
  since?: string | null,
): Promise<boolean> {
  if (run.id === null || run.status === null) return true;
  if (!inFlight && leaving === undefined && !RUNNING_STATUSES.has(run.status) && until === 'settled')
    return true;
  if (!context.wait) {
    run.running = true;
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
  run.status = outcome.status;
  run.lastError = outcome.lastError;
  run.running = outcome.timedOut;
  if (outcome.notStarted) {
    run.holds.push({ kind: 'not_started', status: outcome.status });
    context.logger.warning(
      `The service accepted the request, but the item is still ${outcome.status}: it has not started yet.`,
    );
  }
  return !outcome.timedOut;
}

/** After a dispatch: wait for the item to leave the status it was sent from, then for the job to end. */
async function settleDispatch(
  run: ItemRun,
  context: Context,
  dispatched: Dispatch,
  before: ContentStatus | null,
  until: WaitUntil,
  conflictMayBeQueued: boolean,
  since?: string | null,
): Promise<boolean> {
  if (dispatched === 'published') {
    run.status = 'UPLOADED';
    return true;
  }
  // A started job, or (for a generation) a 409 for one already there, may still be queued in the status it
  // was sent from. A 409 on an upload says one is in flight, which the status shows.
  const queued = dispatched === 'started' || conflictMayBeQueued;
  const leaving = before !== null && queued ? before : undefined;
  return settle(run, context, until, true, leaving, since);
}

/** Whether a one-shot publication of this item may pass through VIDEO_PROCESSED (plan/inflight.ts). */
function oneRun(run: ItemRun): boolean {
  return publishesInOneRun(run.item, run.item.publishVia === 'oneshot');
}

/** A fresh look before a dispatch: another run may have rendered or published the item meanwhile. */
async function freshStatus(run: ItemRun, context: Context): Promise<boolean> {
  if (run.id === null) return false;
  const now = await readStatus(context.client, run.id);
  run.status = now.status;
  if (mayBeInFlight(now.status, now.progress, oneRun(run)))
    return settle(run, context, 'maybe-published', true);
  return true;
}

/** Notes each service normal form once per item. */
function note(run: ItemRun, notes: readonly ServiceTermsNote[], logger: Logger): void {
  for (const found of notes) {
    if (run.notes.some((known) => known.field === found.field)) continue;
    run.notes.push(found);
    logger.info(`The service holds ${found.field} in its own terms (${found.how.replace('_', ' ')}).`);
  }
}

/** A new item's render: another run that raced for the title may have rendered it already. */
function renderedMeanwhile(run: ItemRun, step: Extract<Step, { kind: 'render' }>): boolean {
  return (
    step.reason === 'never_rendered' &&
    run.status !== null &&
    (RENDERED_STATUSES.has(run.status) || run.status === 'UPLOADED') &&
    run.status !== 'FAILED_UPLOAD'
  );
}

/** The item's updated_at, best-effort: a retry is still sent when it cannot be read. */
async function updatedAt(client: Context['client'], id: string): Promise<string | null> {
  try {
    return (await client.getContent(id)).updated_at;
  } catch {
    return null;
  }
}

/** The most generations one render step sends: once more when the service parked the run after the voiceover. */
const RENDER_SENDS = 2;

async function runRender(
  run: ItemRun,
  step: Extract<Step, { kind: 'render' }>,
  context: Context,
): Promise<boolean> {
  const { client, logger } = context;
  if (!(await settleRace(run, context))) return false;
  const id = run.id as string;
  if (!(await settle(run, context))) return false;
  if (step.reason === 'never_rendered' && !(await freshStatus(run, context))) return false;
  if (run.status === 'UPLOADED') return true; // never rendered again once published
  if (renderedMeanwhile(run, step)) return true;
  const retrying = run.status !== null && FAILED_STATUSES.has(run.status);
  // Stepwise: the script is read before credits are spent on it, and it
  // must be the one the plan showed (reviewers read it in the PR comment).
  // After this run's own create or edit the service has just written it.
  if (run.item.flow === 'stepwise' || step.publish === null) {
    const detail = await client.getContent(id);
    const planned = run.created || run.edited ? null : run.item.script.remote;
    if (planned !== null && detail.textover !== planned) {
      run.holds.push({ kind: 'script_changed_since_plan' });
      logger.warning(
        'The script changed on the service since the plan was made: it is not rendered in this run.',
      );
      return false;
    }
    logger.info(`Script to render (${(detail.textover ?? '').length} characters) read from the service.`);
  }
  for (let send = 1; send <= RENDER_SENDS; send++) {
    const before = run.status;
    const since = before !== null && FAILED_STATUSES.has(before) ? await updatedAt(client, id) : undefined;
    const dispatched = await dispatchGeneration(
      client,
      { content_id: id, render: step.render, publish: step.publish?.options },
      before,
      logger,
    );
    run.rendered ||= dispatched === 'started';
    if (step.publish !== null && dispatched === 'started') run.published = true;
    const until: WaitUntil = step.publish !== null && dispatched !== 'published' ? 'published' : 'settled';
    if (!(await settleDispatch(run, context, dispatched, before, until, true, since))) return false;
    // Parked after the voiceover with no run in flight: it is rendered, not waited on.
    if (run.status !== 'AUDIO_PROCESSED' || dispatched !== 'started') break;
    logger.info('The run parked after the voiceover (AUDIO_PROCESSED, no run in flight): rendering it.');
  }
  if (run.status !== null && FAILED_STATUSES.has(run.status)) {
    // Retried once per apply: a second failure is reported, not looped on.
    if (retrying || step.reason === 'retry_failed')
      run.holds.push({ kind: 'already_retried', status: run.status });
    return false;
  }
  if (step.render.subtitle_settings !== undefined && run.rendered)
    note(run, readBackRender(step.render, await client.getContent(id)), logger);
  return true;
}

async function runUpload(
  run: ItemRun,
  step: Extract<Step, { kind: 'upload' }>,
  context: Context,
): Promise<boolean> {
  if (!(await settleRace(run, context))) return false;
  const id = run.id as string;
  if (!(await settle(run, context))) return false;
  // Another run may have published it since: look before sending (task status is not rate limited).
  if (!(await freshStatus(run, context))) return false;
  if (run.status === 'UPLOADED') return true; // never published twice
  if (run.status === null || !RENDERED_STATUSES.has(run.status)) return false;
  const before = run.status;
  let dispatched: Dispatch;
  try {
    dispatched = await dispatchUpload(context.client, id, step.publish.options, before, context.logger);
  } catch (error) {
    // Published by another run between the look and the upload: the service refuses a second one.
    if (!(error instanceof ServiceError && error.status === 400)) throw error;
    const now = await readStatus(context.client, id);
    if (now.status !== 'UPLOADED') throw error;
    run.status = now.status;
    return true;
  }
  // 'published' here means a lost answer whose upload the service shows done: this run's publication.
  run.published = dispatched !== 'running';
  return settleDispatch(run, context, dispatched, before, 'settled', false);
}

/**
 * Settles a race for the title of the item this run created: once it lost,
 * the run goes on with the winner; false when who won cannot be decided, and
 * nothing more may be done to the item.
 */
async function settleRace(run: ItemRun, context: Context): Promise<boolean> {
  const created = run.unsettled;
  if (created === null) return !run.holds.some((hold) => hold.kind === 'race_undecided');
  run.unsettled = null;
  const race = await settleTitleRace(context.client, created, context.logger);
  if (race.lost === null) return true;
  run.holds.push(race.lost);
  if (race.lost.kind === 'race_undecided') return false;
  run.id = race.winner.id;
  run.status = race.winner.status;
  return true;
}

/** A write the service accepted but that cannot be followed up in this run: said, never sent again. */
function acceptedButHeld(run: ItemRun, error: unknown, logger: Logger): false {
  if (error instanceof ClearedFieldsError)
    run.holds.push({ kind: 'cleared_on_service', fields: error.fields });
  else if (error instanceof ReadBackError) run.holds.push({ kind: 'not_read_back', reason: error.message });
  else throw error;
  logger.warning(`${error.message}; the rest of this item waits for the next run.`);
  return false;
}

async function runCreate(
  run: ItemRun,
  step: Extract<Step, { kind: 'create' }>,
  context: Context,
): Promise<boolean> {
  const { client, logger } = context;
  const lookMs =
    context.createLookMs ??
    Math.max(0, Math.min(DEFAULT_RETRY.deadlineMs, context.deadline - context.clock.now()));
  let detail: ContentDetail;
  try {
    detail = await createOrAdopt(client, step.fields, logger, (ms) => context.clock.sleep(ms), { lookMs });
  } catch (error) {
    if (!(error instanceof ReadBackError)) throw error;
    run.id = error.id;
    run.created = true;
    return acceptedButHeld(run, error, logger);
  }
  run.id = detail.id;
  run.status = detail.status;
  run.created = true;
  logger.info(`Created ${detail.id}.`);
  note(run, readBackFields(step.fields, detail), logger);
  // No lock: a run started at the same moment may have created the same title.
  run.unsettled = detail;
  if (!(await settleRace(run, context))) return false;
  // A run that listed before the other's create landed sees no race now; it looks once more before
  // its first dispatch (and at the end of a draft), when two creates in the same millisecond are settled.
  if (!run.holds.some((hold) => hold.kind === 'duplicate_marked')) run.unsettled = detail;
  return true;
}

async function runEdit(
  run: ItemRun,
  step: Extract<Step, { kind: 'edit' }>,
  context: Context,
): Promise<boolean> {
  const { client, logger } = context;
  const body = step.send;
  let detail: ContentDetail;
  try {
    detail = await client.editContent(run.id as string, body, { cancelGeneration: step.cancelGeneration });
  } catch (error) {
    if (!(error instanceof ReadBackError || error instanceof ClearedFieldsError)) throw error;
    run.edited = true;
    return acceptedButHeld(run, error, logger);
  }
  run.status = detail.status;
  run.edited = true;
  logger.info(`Edited ${step.changes.map((change) => change.field).join(', ')}.`);
  note(run, readBackFields(body, detail), logger);
  return true;
}

/** One step; false stops the item's remaining steps. */
async function runStep(run: ItemRun, step: Step, context: Context): Promise<boolean> {
  if (!context.allowed.has(step.kind)) return step.kind === 'wait';
  if (step.kind === 'create') return runCreate(run, step, context);
  if (run.id === null) return false;
  switch (step.kind) {
    case 'edit':
      return runEdit(run, step, context);
    case 'wait': {
      // An in-flight one-shot run may carry its publication: a brief VIDEO_PROCESSED is not its end.
      const maybePublishing = run.item.flow === 'oneshot' && run.item.stage === 'published';
      return settle(run, context, maybePublishing ? 'maybe-published' : 'settled', true);
    }
    case 'render':
      return runRender(run, step, context);
    case 'upload':
      return runUpload(run, step, context);
  }
}

const WRITES: ReadonlySet<Step['kind']> = new Set(['edit', 'render', 'upload']);

/**
 * Items wait for a worker, and the service moves on meanwhile (a render
 * finishes, a one-shot run starts publishing, another run acts). A plan whose
 * first act is a write is carried out only on the status it was made from;
 * otherwise nothing is sent, an in-flight run is waited for, and the next run
 * plans the item again. Task status is not rate limited, so the look is cheap.
 */
async function stillAsPlanned(run: ItemRun, work: readonly Step[], context: Context): Promise<boolean> {
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
  run.status = now.status;
  run.holds.push({ kind: 'changed_since_plan', planned: planned.status, found: now.status });
  context.logger.info(
    `Moved from ${planned.status} to ${now.status}${inFlight ? ' with a run in flight' : ''} since the plan was made: nothing is sent for it in this run.`,
  );
  if (inFlight) await settle(run, context, 'maybe-published', true);
  return false;
}

/** An item as planned, before anything was done to it. */
export function untouched(item: PlanItem): ItemRun {
  return {
    item,
    id: item.remote?.id ?? null,
    status: item.remote?.status ?? null,
    created: false,
    edited: false,
    rendered: false,
    published: false,
    running: false,
    holds: [],
    notes: [],
    unsettled: null,
    lastError: null,
    error: null,
    durationMs: 0,
  };
}

async function runItem(item: PlanItem, context: Context): Promise<ItemRun> {
  const started = context.clock.now();
  const run = untouched(item);
  const work = item.steps.filter((step) => context.allowed.has(step.kind));
  if (work.length > 0) {
    await context.logger.group(`${item.title} (${item.file})`, async () => {
      try {
        if (!(await stillAsPlanned(run, work, context))) return;
        for (const step of item.steps) {
          if (!(await runStep(run, step, context))) break;
        }
        await settleRace(run, context);
      } catch (error) {
        run.error = describeError(error);
        context.logger.warning(`${item.file}: ${run.error}`);
      }
    });
  }
  run.durationMs = Math.round(context.clock.now() - started);
  if (work.length > 0) {
    context.tally.done++;
    context.logger.itemDone({
      file: item.file,
      title: item.title,
      outcome: outcomeOf(run, run.status),
      tally: { ...context.tally },
    });
  }
  return run;
}

/** Runs every item of the plan, `concurrency` at a time, in plan order. */
export async function applyItems(items: readonly PlanItem[], options: ApplyOptions): Promise<ItemRun[]> {
  const clock = options.clock ?? realClock;
  const context: Context = {
    ...options,
    clock,
    poll: options.poll ?? DEFAULT_POLL,
    deadline: clock.now() + options.timeoutMs,
    tally: {
      done: 0,
      total: items.filter((item) => item.steps.some((step) => options.allowed.has(step.kind))).length,
    },
  };
  return mapLimit(items, options.concurrency, (item) => runItem(item, context));
}
