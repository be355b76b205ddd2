import { normalize } from './normalize.ts';
import type { Manifest } from './schema.ts';
import { mergeTrees, problemAt, toPlain } from './position-tree.ts';
import type { LNode, PositionMap, Source } from './position-tree.ts';
import { outlineOf } from './outline.ts';
import type { DesiredItem, ManifestOutline, Problem } from './types.ts';

// The steps from a read file to a desired item around the schema check:
// defaults files lose their identity fields, layers merge, and a checked
// manifest is normalized. The check itself is the zod schema's (validate.ts).

/** One manifest's outcome: the desired item when it has no error, and every problem found. */
export interface ManifestResult {
  item: DesiredItem | null;
  problems: Problem[];
  /** What can be read of it whatever its errors; null when the file is no usable mapping. */
  outline: ManifestOutline | null;
}

/** A manifest checked against the schema: with its defaults filled, or what is wrong with it. */
export type Checked = { manifest: Manifest } | { problems: Problem[] };

/** A manifest with its defaults merged under it, as the plain value the schema checks. */
export interface Layered {
  source: Source;
  defaults: readonly Source[];
  value: unknown;
  positions: PositionMap;
}

/** Fields that identify one item; a defaults file shared by many manifests cannot set them. */
const IDENTITY_FIELDS = ['title', 'id'];

/** A `_defaults.yml` as read: like a manifest, minus the identity fields, and empty is harmless. */
export function asDefaults(source: Source): Source {
  const { file, root } = source;
  const problems = source.problems.filter((p) => p.code !== 'empty_file');
  if (root === null || root.kind !== 'map') return { file, root: null, problems };
  const entries = new Map(root.entries);
  for (const key of IDENTITY_FIELDS) {
    const entry = entries.get(key);
    if (entry === undefined) continue;
    problems.push(
      problemAt(
        entry.keyPos,
        'defaults_identity',
        `${key} cannot be set in a defaults file; each manifest sets its own ${key}`,
        key,
      ),
    );
    entries.delete(key);
  }
  return { file, root: { ...root, entries }, problems };
}

/** Merges the defaults (outermost folder first) under the manifest; null when the manifest could not be read. */
export function layer(source: Source, defaults: readonly Source[] = []): Layered | null {
  if (source.root === null) return null;
  let merged: LNode | null = null;
  for (const { root } of defaults) {
    if (root !== null) merged = merged === null ? root : mergeTrees(merged, root);
  }
  merged = merged === null ? source.root : mergeTrees(merged, source.root);
  return { source, defaults, ...toPlain(merged) };
}

/**
 * The outcome once the layered value is checked. Problems of the defaults
 * files themselves are not repeated here, but they leave the item in doubt.
 */
export function conclude(layered: Layered, checked: Checked): ManifestResult {
  const { source, defaults, positions } = layered;
  const problems = [...source.problems];
  const outline = outlineOf(source.file, layered.value, positions);
  if ('problems' in checked) return { item: null, problems: [...problems, ...checked.problems], outline };
  const { item, warnings } = normalize(source.file, checked.manifest, positions);
  problems.push(...warnings);
  // A broken defaults file leaves the desired state of every manifest below it in doubt.
  const doubtful = [...problems, ...defaults.flatMap((d) => d.problems)].some((p) => p.severity === 'error');
  return { item: doubtful ? null : item, problems, outline };
}
