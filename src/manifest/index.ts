// The manifest language: YAML files -> validated, normalized desired state.
export { formatProblem } from './format.ts';
export { DEFAULT_MAX_FILE_BYTES, DEFAULT_PATTERN, DEFAULTS_FILES, loadManifests } from './load.ts';
export type { LoadOptions } from './load.ts';
export { parseManifest } from './parse.ts';
export type { ManifestResult } from './parse.ts';
export { manifestJsonSchema, manifestSchema } from './schema.ts';
export type { Manifest, ManifestInput } from './schema.ts';
export { suggest } from './suggest.ts';
export type * from './types.ts';
export { FLOWS, STAGES } from './types.ts';
