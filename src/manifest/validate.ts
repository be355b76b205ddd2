import { IssueMapper } from './issues.ts';
import { readSource } from './yaml-reader.ts';
import { manifestSchema } from './schema.ts';
import type { PositionMap, Source } from './position-tree.ts';
import type { SourceLocation } from './types.ts';
import { asDefaults, conclude, layer } from './defaults-layering.ts';
import type { Checked, ManifestResult } from './defaults-layering.ts';

// One manifest validated: read by the yaml library, its defaults layered
// under it, the merged value checked by the zod schema, every problem worded
// for the user. The loader and the single-file API both come here, so there
// is one reader and one schema.

/** Reads a `_defaults.yml`: like a manifest, minus the identity fields. */
export function readDefaults(file: string, text: string): Source {
  return asDefaults(readSource(file, text));
}

/** Checks a manifest's merged value with the zod schema; problems point into the files. */
function checkWithSchema(value: unknown, positions: PositionMap, start: SourceLocation): Checked {
  const parsed = manifestSchema.safeParse(value);
  if (parsed.success) return { manifest: parsed.data };
  return { problems: new IssueMapper(manifestSchema, value, positions, start).map(parsed.error.issues) };
}

/**
 * Validates one parsed manifest with its defaults (outermost folder first) and
 * normalizes it. Problems of the defaults files themselves are not repeated here.
 */
export function validateSource(source: Source, defaults: readonly Source[] = []): ManifestResult {
  const layered = layer(source, defaults);
  if (layered === null) return { item: null, problems: [...source.problems], outline: null };
  const start = { file: source.file, line: 1, column: 1 };
  return conclude(layered, checkWithSchema(layered.value, layered.positions, start));
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
  return { item: result.item, problems, outline: result.outline };
}
