import { IssueMapper } from './issues.ts';
import { normalize } from './normalize.ts';
import { manifestSchema } from './schema.ts';
import { mergeTrees, problemAt, readSource, toPlain } from './tree.ts';
import type { LNode, Source } from './tree.ts';
import type { DesiredItem, Problem } from './types.ts';

/** One manifest's outcome: the desired item when it has no error, and every problem found. */
export interface ManifestResult {
  item: DesiredItem | null;
  problems: Problem[];
}

/** Fields that identify one item; a defaults file shared by many manifests cannot set them. */
const IDENTITY_FIELDS = ['title', 'id'];

/** Reads a `_defaults.yml`: like a manifest, minus the identity fields. */
export function readDefaults(file: string, text: string): Source {
  const source = readSource(file, text);
  // An empty defaults file is harmless: it sets nothing.
  const problems = source.problems.filter((p) => p.code !== 'empty_file');
  const root = source.root;
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

/**
 * Validates one parsed manifest with its defaults (outermost folder first) and
 * normalizes it. Problems of the defaults files themselves are not repeated here.
 */
export function validateSource(source: Source, defaults: readonly Source[] = []): ManifestResult {
  const problems = [...source.problems];
  if (source.root === null) return { item: null, problems };
  let merged: LNode | null = null;
  for (const layer of defaults) {
    if (layer.root !== null) merged = merged === null ? layer.root : mergeTrees(merged, layer.root);
  }
  merged = merged === null ? source.root : mergeTrees(merged, source.root);
  const { value, positions } = toPlain(merged);
  const parsed = manifestSchema.safeParse(value);
  if (!parsed.success) {
    const start = { file: source.file, line: 1, column: 1 };
    const mapper = new IssueMapper(manifestSchema, value, positions, start);
    problems.push(...mapper.map(parsed.error.issues));
    return { item: null, problems };
  }
  const { item, warnings } = normalize(source.file, parsed.data, positions);
  problems.push(...warnings);
  // A broken defaults file leaves the desired state of every manifest below it in doubt.
  const doubtful = [...problems, ...defaults.flatMap((layer) => layer.problems)].some(
    (p) => p.severity === 'error',
  );
  return { item: doubtful ? null : item, problems };
}

/**
 * Parses, validates and normalizes one manifest's text. `defaults` are the
 * texts of the `_defaults.yml` files that apply to it, outermost folder first.
 * `file` is reported as given (use a workspace-relative path with `/`).
 */
export function parseManifest(
  file: string,
  text: string,
  defaults: ReadonlyArray<{ file: string; text: string }> = [],
): ManifestResult {
  const layers = defaults.map((d) => readDefaults(d.file, d.text));
  const result = validateSource(readSource(file, text), layers);
  const problems = [...layers.flatMap((l) => l.problems), ...result.problems];
  // In file order first (defaults, then the manifest), then by position.
  const order = new Map([...layers.map((l) => l.file), file].map((name, index) => [name, index]));
  problems.sort(
    (a, b) => (order.get(a.file) ?? 0) - (order.get(b.file) ?? 0) || a.line - b.line || a.column - b.column,
  );
  return { item: result.item, problems };
}
