import { AfterDeadlineError } from '../api/errors.ts';
import { FAILED_STATUSES, RENDERED_STATUSES, type ServiceApi } from '../api/types.ts';
import type { PublicationTarget, Step } from '../plan/types.ts';
import { note } from './content.ts';
import type { Context } from './context.ts';
import { answerLost, dispatched, held } from './item-run.ts';
import { OutcomeStillUnknownError, dispatchGeneration, type DispatchContext } from './dispatch.ts';
import { settleRace } from './race-step.ts';
import { readBackRender } from './readback.ts';
import { freshStatus, settle, settleDispatch } from './settle.ts';
import type { ItemRun } from './types.ts';
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

/** The item's updated_at, best-effort: a retry is still sent when it cannot be read. */
async function updatedAt(client: ServiceApi, id: string): Promise<string | null> {
  try {
    return (await client.getContent(id)).updated_at;
  } catch {
    return null;
  }
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
 * A generation or upload whose answer was lost twice without a sign is left
 * to the service (dispatch.ts): held as unknown, never sent a third time.
 * One whose turn in the service's pace comes after the run's deadline is not
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
    if (error instanceof AfterDeadlineError) {
      held(run, { kind: 'after_deadline', nextAt: error.nextAt });
      context.logger.warning(`${error.message} The next run sends it.`);
      return null;
    }
    if (!(error instanceof OutcomeStillUnknownError)) throw error;
    held(run, { kind: 'outcome_unknown', request: error.message, sentAt: error.sentAt });
    context.logger.warning(`${error.message} Its outcome is the service's to show; a later run reads it.`);
    return null;
  }
}

/** Sends the generation and waits for it; once more when the service parked it after the voiceover. */
async function sendRender(run: ItemRun, step: RenderStep, context: Context): Promise<boolean> {
  const { client, logger } = context;
  const id = run.id as string;
  for (let send = 1; send <= RENDER_SENDS; send++) {
    const before = run.status;
    const since = before !== null && FAILED_STATUSES.has(before) ? await updatedAt(client, id) : undefined;
    const request = { content_id: id, render: step.render, publish: step.publish?.options };
    const sent = await sendOnce(run, context, () => dispatchGeneration(context, request, before));
    if (sent === null) return false;
    const outcome = sent.outcome;
    if (step.publish !== null && sent.lostAt !== null) answerLost(run, sent.lostAt);
    dispatched(run, {
      rendered: outcome === 'started',
      published: step.publish !== null && outcome === 'started',
    });
    const until: WaitUntil = step.publish !== null && outcome !== 'published' ? 'published' : 'settled';
    const wait = { dispatched: outcome, before, until, conflictMayBeQueued: true, since };
    if (!(await settleDispatch(run, context, wait))) return false;
    // Parked after the voiceover with no run in flight: it is rendered, not waited on.
    if (run.status !== 'AUDIO_PROCESSED' || outcome !== 'started') break;
    logger.info('The run parked after the voiceover (AUDIO_PROCESSED, no run in flight): rendering it.');
  }
  return true;
}

/**
 * Whether a freeze or a pause holds the publication now, as it is about to
 * be sent: then it is held, and the next run sends it when it may.
 */
export function heldAtSend(run: ItemRun, target: PublicationTarget | null, context: Context): boolean {
  const hold = target === null ? null : (context.publicationHold?.(target) ?? null);
  if (hold !== null) held(run, hold);
  return hold !== null;
}

export async function runRender(run: ItemRun, step: RenderStep, context: Context): Promise<boolean> {
  const toRender = await stillToRender(run, step, context);
  if (toRender !== true) return toRender === false;
  if (heldAtSend(run, step.publish, context)) return false;
  const retrying = run.status !== null && FAILED_STATUSES.has(run.status);
  if (!(await scriptAsPlanned(run, step, context))) return false;
  if (!(await sendRender(run, step, context))) return false;
  if (run.status !== null && FAILED_STATUSES.has(run.status)) {
    // Retried once per apply: a second failure is reported, not looped on.
    if (retrying || step.reason === 'retry_failed')
      held(run, { kind: 'already_retried', status: run.status });
    return false;
  }
  if (step.render.subtitle_settings !== undefined && run.rendered)
    note(run, readBackRender(step.render, await context.client.getContent(run.id as string)), context.logger);
  return true;
}
