import { settleTitleRace } from './race.ts';
import type { Context } from './context.ts';
import { continuedWith, held, raceOpen } from './item-run.ts';
import type { ItemRun } from './types.ts';

/**
 * Settles a race for the title of the item this run created: once it lost,
 * the run goes on with the winner; false when who won cannot be decided, and
 * nothing more may be done to the item.
 */
export async function settleRace(run: ItemRun, context: Context): Promise<boolean> {
  const created = run.unsettled;
  if (created === null) return !run.holds.some((hold) => hold.kind === 'race_undecided');
  raceOpen(run, null);
  const race = await settleTitleRace(context.client, created, context.logger, context);
  if (race.lost === null) return true;
  held(run, race.lost);
  if (race.lost.kind === 'race_undecided' || race.winner === null) return false;
  continuedWith(run, race.winner);
  return true;
}
