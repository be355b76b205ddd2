import type { ChangeScope } from '../git/changes.ts';
import { askAhead } from '../git/earlier-versions.ts';
import { isCatalogueFile } from '../manifest/catalogue-files.ts';
import { compileGlob } from '../manifest/glob.ts';
import type { DesiredItem } from '../manifest/types.ts';
import { inShard } from '../plan/shard.ts';
import type { EngineOptions, PlanScope } from './types.ts';

// Which manifests a run plans: its shard's share of the catalogue and, in the
// plan of a change (a pull request, `plan --changed-since`), only those the
// change touches. The others are still parsed and checked (titles stay unique
// across the catalogue, the items they claim stay theirs), but their items are
// not read in detail: a change's plan costs what the change touches. Applies
// read everything, whatever they are given.

/** The change this run's plan covers, once git has told it; null when the run plans its whole share. */
export async function changeInPlan(options: EngineOptions): Promise<ChangeScope | null> {
  return options.settings.mode === 'plan' ? ((await options.deps.changes) ?? null) : null;
}

/** Whether this run plans the manifest `file`, once the change is known. */
export async function plansFile(options: EngineOptions): Promise<(file: string) => boolean> {
  const { shard } = options.settings;
  const changes = await changeInPlan(options);
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
export async function planScope(
  options: EngineOptions,
  items: readonly DesiredItem[],
): Promise<PlanScope | undefined> {
  const changes = await changeInPlan(options);
  if (!changes) return undefined;
  const share = items.filter((item) => inShard(item.file, options.settings.shard));
  const planned = share.filter((item) => changes.touches(item.file)).length;
  return { base: changes.base, planned, unread: share.length - planned };
}

/**
 * The bases of the manifests a change names that this run plans, asked for
 * as soon as git has told the change: the plan compares them with the
 * service's values once the whole catalogue is parsed.
 */
export function askBasesAhead(options: EngineOptions, plans: Promise<(file: string) => boolean>): void {
  const { previous } = options.deps;
  if (!previous) return;
  const isManifest = manifestPaths(options.settings.manifests);
  void Promise.all([changeInPlan(options), plans]).then(
    ([change, planned]) => {
      if (change)
        askAhead(
          previous,
          [...change.changed].filter((file) => planned(file) && isManifest(file)),
        );
    },
    () => undefined,
  );
}

/** Whether a path is a manifest the glob `pattern` finds (none, for a glob the load will refuse). */
function manifestPaths(pattern: string): (file: string) => boolean {
  try {
    const glob = compileGlob(pattern);
    return (file) => glob.matches(file) && !isCatalogueFile(file);
  } catch {
    return () => false;
  }
}
