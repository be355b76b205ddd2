// The manifest language: YAML files -> validated, normalized desired state.
export { formatProblem } from './format.ts';
export { DEFAULT_PATTERN, loadManifests } from './file-loader.ts';
export { DEFAULTS_FILES, defaultsFilesAbove } from './catalogue-files.ts';
export type { NamedManifest } from './file-loader.ts';
export { parseManifest } from './validate.ts';
export { manifestJsonSchema, manifestSchema } from './schema.ts';
export { suggest } from './suggest.ts';
export type * from './types.ts';
