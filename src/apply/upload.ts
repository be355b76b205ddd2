import { ServiceError } from '../service-client/errors.ts';
import { RENDERED_STATUSES } from '../service-client/types.ts';
import type { Step } from '../plan/types.ts';
import type { Context } from './context.ts';
import { answerLost, dispatched, saw } from './item-run.ts';
import { dispatchUpload, sendOnce, type Dispatch } from './dispatch.ts';
import { settleRace } from './race-step.ts';
import { freshStatus, settle, settleDispatch } from './settle.ts';
import { readStatus } from './status.ts';
import type { ItemRun } from './types.ts';

// A publication of a rendered video: POST /contents/upload/{id}, never sent
// for an item the service shows published, waited for to its end.

export async function runUpload(
  run: ItemRun,
  step: Extract<Step, { kind: 'upload' }>,
  context: Context,
): Promise<boolean> {
  if (!(await settleRace(run, context))) return false;
  if (!(await settle(run, context))) return false;
  // Another run may have published it since: look before sending (task status is not rate limited).
  if (!(await freshStatus(run, context))) return false;
  if (run.status === 'UPLOADED') return true; // never published twice
  if (run.status === null || !RENDERED_STATUSES.has(run.status)) return false;
  const before = run.status;
  const startedAt = context.clock.now();
  const outcome = await upload(run, step, context);
  if (outcome === 'published meanwhile') return true;
  if (outcome === 'unknown') return false;
  // 'published' here means a lost answer whose upload the service shows done: this run's publication.
  dispatched(run, { published: outcome !== 'running' });
  const settled = await settleDispatch(run, context, {
    dispatched: outcome,
    before,
    until: 'settled',
    conflictMayBeQueued: false,
  });
  // An upload seen to its end teaches how long later ones may take to publish (job-times.ts).
  if (settled && outcome === 'started' && run.status === 'UPLOADED')
    context.jobTimes.record('upload', context.clock.now() - startedAt);
  return settled;
}

/** The upload: what it did, or that another run published the item between the look and it, or that its outcome stays unknown. */
async function upload(
  run: ItemRun,
  step: Extract<Step, { kind: 'upload' }>,
  context: Context,
): Promise<Dispatch | 'published meanwhile' | 'unknown'> {
  const id = run.id as string;
  try {
    const before = run.status;
    const sent = await sendOnce(run, context, () => dispatchUpload(context, id, step.publish, before));
    if (sent === null) return 'unknown';
    if (sent.unknownSince !== null) answerLost(run, sent.unknownSince, sent.sends);
    return sent.outcome;
  } catch (error) {
    // The service refuses a second publication: published meanwhile, which the status shows.
    if (!(error instanceof ServiceError && error.status === 400)) throw error;
    const now = await readStatus(context.client, id);
    if (now.status !== 'UPLOADED') throw error;
    saw(run, now.status);
    return 'published meanwhile';
  }
}
