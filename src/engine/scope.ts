import type { DesiredItem } from '../manifest/types.ts';
import { inShard } from '../plan/shard.ts';
import type { EngineOptions, PlanScope } from './types.ts';

// Which manifests a run plans: its shard's share of the catalogue and, in the
// plan of a change (a pull request, `plan --changed-since`), only those the
// change touches. The others are still parsed and checked (titles stay unique
// across the catalogue, the items they claim stay theirs), but their items are
// not read in detail: a change's plan costs what the change touches. Applies
// read everything, whatever they are given.

/** Whether this run plans the manifest `file`. */
export function plansFile(options: EngineOptions): (file: string) => boolean {
  const { shard, mode } = options.settings;
  const changes = mode === 'plan' ? options.deps.changes : undefined;
  if (!changes) return (file) => inShard(file, shard);
  return (file) => inShard(file, shard) && changes.touches(file);
}

/** The manifests this run plans, and the others (reserved: their items are theirs). */
export function splitPlanned(
  items: readonly DesiredItem[],
  plans: (file: string) => boolean,
): { mine: DesiredItem[]; others: DesiredItem[] } {
  const mine: DesiredItem[] = [];
  const others: DesiredItem[] = [];
  for (const item of items) (plans(item.file) ? mine : others).push(item);
  return { mine, others };
}

/** How much of this shard a change's plan covers; undefined when the run plans its whole share. */
export function planScope(options: EngineOptions, items: readonly DesiredItem[]): PlanScope | undefined {
  const changes = options.settings.mode === 'plan' ? options.deps.changes : undefined;
  if (!changes) return undefined;
  const share = items.filter((item) => inShard(item.file, options.settings.shard));
  const planned = share.filter((item) => changes.touches(item.file)).length;
  return { base: changes.base, planned, unread: share.length - planned };
}
