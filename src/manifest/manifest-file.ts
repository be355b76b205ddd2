import { foldersOf } from './catalogue-files.ts';
import type { ManifestResult } from './defaults-layering.ts';
import type { Reader } from './file-reader.ts';
import type { Source } from './position-tree.ts';
import { validateSource } from './validate.ts';
import { readSource } from './yaml-reader.ts';

// One manifest file, from its path to its item: read, parsed, layered on
// the `_defaults.yml` of its folders, checked. The same on the main thread
// and in a parsing worker (parse-pool.ts).

/** One manifest file's outcome; a path that is no file (a folder, a socket) has none. */
export type ParsedFile = ManifestResult & { file: string };

/** The `_defaults.yml` read in each folder, by folder ('' for the root); null where there is none. */
export type FolderDefaults = ReadonlyMap<string, Source | null>;

export async function parseManifestFile(
  reader: Reader,
  file: string,
  defaults: FolderDefaults,
): Promise<ParsedFile | null> {
  const read = await reader.read(file);
  if (read.kind === 'none') return null;
  if (read.kind === 'problem') return { file, item: null, problems: [read.problem], outline: null };
  const layers = foldersOf(file).flatMap((folder) => defaults.get(folder) ?? []);
  return { file, ...validateSource(readSource(file, read.text), layers) };
}
