import { ClearedFieldsError, ReadBackError } from '../service-client/errors.ts';
import { DEFAULT_RETRY } from '../service-client/retry.ts';
import type { ContentDetail } from '../service-client/types.ts';
import type { Logger } from '../log.ts';
import type { Step } from '../plan/types.ts';
import type { Context } from './context.ts';
import { created, edited, held, noted, raceOpen } from './item-run.ts';
import { createOrAdopt, UndecidedCreateError } from './lost-answers.ts';
import { settleRace } from './race-step.ts';
import type { ServiceTermsNote } from './readback.ts';
import { readBackFields } from './readback.ts';
import type { ItemRun } from './types.ts';

// The item's own writes: its create and its edits, each read back (A14).

/** Notes each service normal form once per item. */
export function note(run: ItemRun, notes: readonly ServiceTermsNote[], logger: Logger): void {
  for (const found of notes) {
    if (noted(run, found))
      logger.info(`The service holds ${found.field} in its own terms (${found.how.replace('_', ' ')}).`);
  }
}

/** A write the service accepted but that cannot be followed up in this run: said, never sent again. */
function acceptedButHeld(run: ItemRun, error: ReadBackError | ClearedFieldsError, logger: Logger): false {
  held(
    run,
    error instanceof ClearedFieldsError
      ? { kind: 'cleared_on_service', fields: error.fields }
      : { kind: 'not_read_back', reason: error.message },
  );
  logger.warning(`${error.message}; the rest of this item waits for the next run.`);
  return false;
}

export async function runCreate(
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
    if (error instanceof UndecidedCreateError) {
      const { ids, why } = error;
      held(run, { kind: 'race_undecided', title: step.fields.title, ids, why, marked: ids });
      logger.warning(`${error.message}.`);
      return false;
    }
    if (!(error instanceof ReadBackError)) throw error;
    created(run, error.id, null);
    // Unread, the item is still this run's new one: a second item of its title is settled all the same.
    raceOpen(run, { id: error.id, title: step.fields.title, creation_date: null });
    const goesOn = await settleRace(run, context);
    const raced = run.holds.some(
      (hold) => hold.kind === 'duplicate_marked' || hold.kind === 'race_undecided',
    );
    // Marked: on with the winner, when it could be read; else the item waits, as any not read back.
    return raced ? goesOn : acceptedButHeld(run, error, logger);
  }
  created(run, detail.id, detail);
  logger.info(`Created ${detail.id}.`);
  note(run, readBackFields(step.fields, detail), logger);
  // No lock: a run started at the same moment may have created the same title.
  raceOpen(run, detail);
  if (!(await settleRace(run, context))) return false;
  // A run that listed before the other's create landed sees no race now; it looks once more before
  // its first dispatch (and at the end of a draft), when two creates in the same millisecond are settled.
  if (!run.holds.some((hold) => hold.kind === 'duplicate_marked')) raceOpen(run, detail);
  return true;
}

export async function runEdit(
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
    edited(run, null);
    return acceptedButHeld(run, error, logger);
  }
  edited(run, detail.status);
  logger.info(`Edited ${step.changes.map((change) => change.field).join(', ')}.`);
  note(run, readBackFields(body, detail), logger);
  return true;
}
