import { FAILED_STATUSES, RENDERED_STATUSES } from '../service-client/types.ts';
import { uploadCannotCarry } from '../plan/inflight.ts';
import type { Hold, PublicationTarget, Step } from '../plan/types.ts';
import { note } from './content.ts';
import type { Context } from './context.ts';
import { answerLost, dispatched, held } from './item-run.ts';
import { dispatchGeneration, sendOnce, type Dispatch } from './dispatch.ts';
import { settleRace } from './race-step.ts';
import { readBackRender } from './readback.ts';
import { freshStatus, settle, settleDispatch } from './settle.ts';
import { readUpdatedAt } from './status.ts';
import type { ItemRun } from './types.ts';
import { runUpload } from './upload.ts';
import type { WaitUntil } from './wait.ts';

// A render: POST /gen/process-content-async, carrying the publication when
// the plan says so (one-shot), waited for to its end.

type RenderStep = Extract<Step, { kind: 'render' }>;

/** The most generations one render step sends: once more when the service parked the run after the voiceover. */
const RENDER_SENDS = 2;

/** A new item's render: another run that raced for the title may have rendered it already. */
function renderedMeanwhile(run: ItemRun, step: RenderStep): boolean {
  return (
    step.reason === 'never_rendered' &&
    run.status !== null &&
    (RENDERED_STATUSES.has(run.status) || run.status === 'UPLOADED') &&
    run.status !== 'FAILED_UPLOAD'
  );
}

/** Whether the item is still to be rendered once whatever was in flight has ended; null to stop the item. */
async function stillToRender(run: ItemRun, step: RenderStep, context: Context): Promise<boolean | null> {
  if (!(await settleRace(run, context))) return null;
  if (!(await settle(run, context))) return null;
  if (step.reason === 'never_rendered' && !(await freshStatus(run, context))) return null;
  // Never rendered again once published.
  return run.status !== 'UPLOADED' && !renderedMeanwhile(run, step);
}

/**
 * Stepwise: the script is read before credits are spent on it, and it must be
 * the one the plan showed (reviewers read it in the PR comment). After this
 * run's own create or edit the service has just written it.
 */
async function scriptAsPlanned(run: ItemRun, step: RenderStep, context: Context): Promise<boolean> {
  if (run.item.flow !== 'stepwise' && step.publish !== null) return true;
  const detail = await context.client.getContent(run.id as string);
  const planned = run.created || run.edited ? null : run.item.script.remote;
  if (planned !== null && detail.textover !== planned) {
    held(run, { kind: 'script_changed_since_plan' });
    context.logger.warning(
      'The script changed on the service since the plan was made: it is not rendered in this run.',
    );
    return false;
  }
  context.logger.info(
    `Script to render (${(detail.textover ?? '').length} characters) read from the service.`,
  );
  return true;
}

/**
 * Whether the one-shot request may carry the publication now: not when a
 * paused account or a freeze holds it, nor when the render it starts may end
 * inside a freeze (job-times.ts). The video is then rendered without it and
 * published with an upload once nothing holds it; where an upload cannot
 * carry the publication's settings, the render waits with it.
 */
function publicationNow(
  run: ItemRun,
  step: RenderStep,
  context: Context,
): { publication: PublicationTarget | null; deferred: Hold | null } | null {
  const publication = step.publish;
  if (publication === null) return { publication, deferred: null };
  const leadMs = context.jobTimes.expectedMs('render');
  const hold = context.sendHold?.({ publication, renders: true, leadMs }) ?? null;
  if (hold === null) return { publication, deferred: null };
  if (uploadCannotCarry(publication.options).length > 0) {
    held(run, hold);
    return null;
  }
  return { publication: null, deferred: hold };
}

/** A render this run sent and saw to its end: how long it took teaches the lead of later one-shot requests. */
function timed(run: ItemRun, context: Context, outcome: Dispatch, startedAt: number): void {
  const ended = run.status !== null && (RENDERED_STATUSES.has(run.status) || run.status === 'UPLOADED');
  if (outcome === 'started' && ended) context.jobTimes.record('render', context.clock.now() - startedAt);
}

/** One generation sent and waited for; false when the item stops here. */
async function sendOneRender(
  run: ItemRun,
  step: RenderStep,
  context: Context,
  publication: PublicationTarget | null,
  answered?: () => void,
): Promise<Dispatch | false> {
  const id = run.id as string;
  const before = run.status;
  // Best-effort: a retry is still sent when it cannot be read.
  const since =
    before !== null && FAILED_STATUSES.has(before) ? await readUpdatedAt(context.client, id) : undefined;
  const startedAt = context.clock.now();
  const generation = { id, render: step.render, publication };
  const sent = await sendOnce(run, context, () => dispatchGeneration(context, generation, before));
  answered?.();
  if (sent === null) return false;
  const outcome = sent.outcome;
  if (publication !== null && sent.unknownSince !== null) answerLost(run, sent.unknownSince, sent.sends);
  dispatched(run, {
    rendered: outcome === 'started',
    published: publication !== null && outcome === 'started',
  });
  const until: WaitUntil = publication !== null && outcome !== 'published' ? 'published' : 'settled';
  const wait = { dispatched: outcome, before, until, conflictMayBeQueued: true, since };
  if (!(await settleDispatch(run, context, wait))) return false;
  timed(run, context, outcome, startedAt);
  return outcome;
}

/**
 * Sends the generation and waits for it; once more when the service parked it
 * after the voiceover. The publication deferred to an upload, or null; false
 * when the item stops here (a deferred publication is then held).
 */
async function sendRender(
  run: ItemRun,
  step: RenderStep,
  context: Context,
  answered?: () => void,
): Promise<Hold | null | false> {
  let deferred: Hold | null = null;
  for (let send = 1; send <= RENDER_SENDS; send++) {
    const now = publicationNow(run, step, context);
    if (now === null) return false;
    deferred ??= now.deferred;
    const outcome = await sendOneRender(run, step, context, now.publication, answered);
    if (outcome === false) {
      if (deferred !== null) held(run, deferred);
      return false;
    }
    // Parked after the voiceover with no run in flight: it is rendered, not waited on.
    if (run.status !== 'AUDIO_PROCESSED' || outcome !== 'started') break;
    context.logger.info(
      'The run parked after the voiceover (AUDIO_PROCESSED, no run in flight): rendering it.',
    );
  }
  return deferred;
}

/** A preview render is sent only within preview-credits (preview-budget.ts); any other render, as it is. */
async function withinBudget(
  run: ItemRun,
  context: Context,
  send: (answered?: () => void) => Promise<Hold | null | false>,
): Promise<Hold | null | false> {
  const ticket = await context.renderBudget?.take();
  if (ticket === undefined) return send();
  if (ticket.hold !== null) {
    held(run, ticket.hold);
    context.logger.warning(
      `Not rendered as a preview: ${ticket.hold.kind === 'preview_credits' ? 'the preview-credits ceiling' : ticket.hold.kind}.`,
    );
    return false;
  }
  try {
    // The next preview's check waits for this one's request to be answered, not for its render to end.
    return await send(ticket.sent);
  } finally {
    ticket.sent();
  }
}

export async function runRender(run: ItemRun, step: RenderStep, context: Context): Promise<boolean> {
  const toRender = await stillToRender(run, step, context);
  if (toRender !== true) return toRender === false;
  const retrying = run.status !== null && FAILED_STATUSES.has(run.status);
  if (!(await scriptAsPlanned(run, step, context))) return false;
  const deferred = await withinBudget(run, context, (answered) => sendRender(run, step, context, answered));
  if (deferred === false) return false;
  if (run.status !== null && FAILED_STATUSES.has(run.status)) {
    // Retried once per apply: a second failure is reported, not looped on.
    if (retrying || step.reason === 'retry_failed')
      held(run, { kind: 'already_retried', status: run.status });
    return false;
  }
  if (step.render.subtitle_settings !== undefined && run.rendered)
    note(run, readBackRender(step.render, await context.client.getContent(run.id as string)), context.logger);
  // Rendered without the publication the one-shot request would have carried into a freeze: an upload
  // publishes it now if nothing holds it any more, else the upload's check holds it and a later run sends it.
  if (deferred !== null && step.publish !== null)
    return runUpload(run, { kind: 'upload', publish: step.publish, retry: false }, context);
  return true;
}
