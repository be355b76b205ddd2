import type { ChangeScope } from '../git/changes.ts';
import { askAhead, identityIn } from '../git/earlier-versions.ts';
import { isCatalogueFile } from '../manifest/catalogue-files.ts';
import { compileGlob } from '../manifest/glob.ts';
import type { LoadFocus } from '../manifest/file-loader.ts';
import type { ParsedFile } from '../manifest/manifest-file.ts';
import type { DesiredItem, LoadResult, ManifestOutline } from '../manifest/types.ts';
import { sameTitle } from '../text/service-terms.ts';
import { inShard } from '../plan/shard.ts';
import type { EngineOptions, PlanScope } from './types.ts';

// Which manifests a run plans: its shard's share of the catalogue and, in the
// plan of a change (a pull request, `plan --changed-since`), only those the
// change touches. The others' items are not read in detail, and where the
// change may clash with them (parseFocus) they are parsed and checked too:
// titles stay unique across the catalogue, the items they claim stay theirs.
// A change's plan costs what the change touches. Applies read everything,
// whatever they are given.

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

/**
 * What the manifests' load parses first, and whether the rest too
 * (LoadOptions.focus): the rest only when the change may clash with it, as a
 * manifest new, moved, deleted or unreadable may, or one whose title or id is
 * not the base's; otherwise every claim of the catalogue is the base's.
 * Undefined where every manifest is parsed: a run that is no change's plan,
 * or whose writes (script previews, preview renders) must rest on every
 * manifest's claims, or that cannot read the base.
 */
export function parseFocus(options: EngineOptions): Promise<LoadFocus | null> | undefined {
  const { settings, deps } = options;
  const { changes, previous } = deps;
  const writes = settings.permissions.write || settings.previewRenders !== undefined;
  if (settings.mode !== 'plan' || !changes || !previous || writes) return undefined;
  const isManifest = manifestPaths(settings.manifests);
  const needsRest = async (change: ChangeScope, first: readonly ParsedFile[], files: readonly string[]) => {
    const found = new Set(files);
    if ([...change.changed].some((file) => isManifest(file) && !found.has(file))) return true;
    const bases = await Promise.all(first.map(({ file }) => previous.read(file).then(identityIn)));
    return first.some(({ outline }, index) => !sameIdentity(outline, bases[index] ?? null));
  };
  return changes.then(
    (change) =>
      change && {
        parsesFirst: (file) => change.touches(file),
        needsRest: (first, files) => needsRest(change, first, files),
      },
    () => null,
  );
}

/** A manifest that names the title (in the service's terms) and the id it named at the base. */
function sameIdentity(
  outline: ManifestOutline | null,
  base: { title: string; id: string | null } | null,
): boolean {
  if (outline?.title == null || base === null) return false;
  return sameTitle(base.title, outline.title) && base.id === outline.id;
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
  { items, unparsed: unparsedFiles = [] }: Pick<LoadResult, 'items' | 'unparsed'>,
): Promise<PlanScope | undefined> {
  const changes = await changeInPlan(options);
  if (!changes) return undefined;
  const share = items.filter((item) => inShard(item.file, options.settings.shard));
  const planned = share.filter((item) => changes.touches(item.file)).length;
  const unparsed = unparsedFiles.filter((file) => inShard(file, options.settings.shard)).length;
  return { base: changes.base, planned, unread: share.length - planned + unparsed };
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
