import { realpathSync } from 'node:fs';
import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULTS } from '../defaults.ts';
import { titleKey } from '../text/service-terms.ts';
import { compileGlob, globRoot } from './glob.ts';
import { misplacedRelease, readRelease } from './release-file.ts';
import {
  DEFAULTS_FILES,
  foldersOf,
  isDefaultsFile,
  isReleaseFile,
  releaseFilesIn,
} from './catalogue-files.ts';
import { Reader } from './file-reader.ts';
import type { ParsedFile } from './manifest-file.ts';
import { parseFiles, Parsing, type ParseContext, type Parsed } from './parse-pool.ts';
import { readDefaults } from './validate.ts';
import { problemAt } from './position-tree.ts';
import type { Source } from './position-tree.ts';
import type { DesiredItem, LoadResult, ManifestOutline, Problem, ReleaseControl } from './types.ts';

// Glob -> files in a stable order -> text (bounded, UTF-8, inside the
// workspace) -> desired items, with every problem of every file in one pass.
// Every file is read by the yaml library and checked by the zod schema
// (validate.ts), in worker threads for a large catalogue (parse-pool.ts); the
// files are found by walking the glob's folders and matched by a glob that
// cannot backtrack (glob.ts).

export const DEFAULT_PATTERN = DEFAULTS.manifests;
/** No manifest comes near this; a bigger file is a mistake or an attack. */
const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;
const SKIPPED_DIRS = new Set(['node_modules', '.git']);

export interface LoadOptions {
  /** Workspace root; paths in results are relative to it. */
  cwd: string;
  /** Glob of manifests relative to cwd, for example `content/**\/*.{yml,yaml}`. */
  pattern: string;
  maxFileBytes?: number;
  /**
   * Called with each item as soon as its manifest is valid on its own, before
   * the checks across files: the engine starts reading it from the service.
   */
  onNamed?: (named: NamedManifest) => void;
  /** Worker threads to parse in (parse-pool.ts); default: as many as the catalogue and the cores call for. */
  workers?: number;
  /**
   * A change's plan: the manifests it touches are parsed first, the others
   * only when `needsRest` asks for them, and counted in `unparsed` otherwise.
   * Absent, or null once known: every manifest is parsed.
   */
  focus?: Promise<LoadFocus | null>;
}

/** What a change's plan parses (LoadOptions.focus). */
export interface LoadFocus {
  /** Whether the manifest `file` is parsed whatever the others need. */
  parsesFirst(file: string): boolean;
  /** Whether the other manifests must be parsed too, given those parsed first and every manifest found. */
  needsRest(first: readonly ParsedFile[], files: readonly string[]): Promise<boolean>;
}

/** What the service is searched by for one manifest, as soon as it is parsed. */
export interface NamedManifest {
  file: string;
  title: string;
  id: string | null;
}

function posix(relative: string): string {
  return relative.split(path.sep).join('/');
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The matched files, sorted in code-point order so every run sees them alike. */
async function discover(cwd: string, pattern: string, onFound?: (count: number) => void): Promise<string[]> {
  return (await globPattern(cwd, pattern, onFound)).sort(byCodePoint);
}

/**
 * The files `pattern` matches, relative to `cwd` with `/`: the folders under
 * the glob's fixed start are walked, no deeper than a match can be, skipping
 * node_modules and .git. A link to a folder is walked as the folder, except
 * a link back to a folder the walk is already in; a link to a file is found,
 * and the reader decides whether it may be read. Each path is matched in
 * linear time (glob.ts), a folder's part of it once for all its names.
 */
export async function globPattern(
  cwd: string,
  pattern: string,
  onFound?: (count: number) => void,
): Promise<string[]> {
  const compiled = compileGlob(pattern);
  const found: string[] = [];
  const visit = async (folder: string, depth: number, walking: ReadonlySet<string>): Promise<void> => {
    const full = path.resolve(cwd, folder);
    const real = await realpath(full).catch(() => null);
    if (real === null || walking.has(real)) return;
    const within = new Set(walking).add(real);
    const entries = await readdir(full, { withFileTypes: true }).catch(() => []);
    // A name holds no separator: a file's path from cwd is its folder's, then its name.
    const from = posix(path.relative(cwd, full));
    const matchesHere = compiled.namesIn(folder);
    const below: Array<Promise<void>> = [];
    for (const entry of entries) {
      const written =
        folder === '' || folder.endsWith('/') ? `${folder}${entry.name}` : `${folder}/${entry.name}`;
      if (!(entry.isDirectory() || (entry.isSymbolicLink() && (await linksToFolder(entry, full))))) {
        if (matchesHere(entry.name)) {
          const count = found.push(from === '' ? entry.name : `${from}/${entry.name}`);
          onFound?.(count);
        }
      } else if (depth < compiled.depth && !SKIPPED_DIRS.has(entry.name))
        below.push(visit(written, depth + 1, within));
    }
    await Promise.all(below);
  };
  await visit(compiled.root, 1, new Set());
  return found;
}

/** A link that leads to a folder. */
async function linksToFolder(entry: Dirent, parent: string): Promise<boolean> {
  return (await stat(path.join(parent, entry.name)).catch(() => null))?.isDirectory() ?? false;
}

/**
 * Titles and pinned ids shared by two manifests, over every manifest that
 * names one, valid or not: a clash is reported in the same run as the other
 * mistakes. Returns the files that clash; none of them is planned.
 */
function crossFileProblems(outlines: readonly ManifestOutline[]): {
  problems: Problem[];
  clashing: Set<string>;
} {
  const problems: Problem[] = [];
  const clashing = new Set<string>();
  const check = (
    key: (outline: ManifestOutline) => string | null,
    field: string,
    code: string,
    sentence: (value: string, others: string) => string,
  ): void => {
    const groups = new Map<string, ManifestOutline[]>();
    for (const outline of outlines) {
      const value = key(outline);
      if (value === null) continue;
      const group = groups.get(value);
      if (group) group.push(outline);
      else groups.set(value, [outline]);
    }
    for (const [value, group] of groups) {
      if (group.length < 2) continue;
      for (const outline of group) {
        clashing.add(outline.file);
        const others = group.filter((other) => other !== outline).map((other) => other.file);
        const shown =
          others.length > 3
            ? `${others.slice(0, 3).join(', ')} and ${others.length - 3} more`
            : others.join(', ');
        const at = outline.locations[field] ?? outline.location;
        problems.push(problemAt(at, code, sentence(value, shown), field));
      }
    }
  };
  check(
    // Two titles the service would store alike are one title (src/text/service-terms.ts).
    (outline) => (outline.title === null ? null : titleKey(outline.title)),
    'title',
    'duplicate_title',
    (title, others) =>
      `title ${JSON.stringify(title)} is also used by ${others}; titles must be unique across manifests`,
  );
  check(
    (outline) => outline.id,
    'id',
    'duplicate_id',
    (id, others) => `id ${JSON.stringify(id)} is also pinned by ${others}; one item belongs to one manifest`,
  );
  return { problems, clashing };
}

function dedupeAndSort(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  const unique = problems.filter((p) => {
    const key = `${p.severity}|${p.code}|${p.file}:${p.line}:${p.column}|${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.sort((a, b) => byCodePoint(a.file, b.file) || a.line - b.line || a.column - b.column);
}

/**
 * Finds the manifests matched by `pattern` under `cwd`, applies the
 * `_defaults.yml` of their folders, and validates and normalizes each one.
 * Never throws for a bad manifest: every problem of every file is returned.
 */
export async function loadManifests(options: LoadOptions): Promise<LoadResult> {
  const cwd = path.resolve(options.cwd);
  const context = {
    cwd,
    root: realpathSync(cwd),
    maxFileBytes: options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
  };
  // A large catalogue's workers start while the walk still counts (a worker
  // takes 200-400 ms to start), and the release file and the defaults are
  // read; a change's plan starts them once it knows how many it parses.
  const parsing = new Parsing(0, workersOf(options));
  const counting = options.focus === undefined ? (count: number) => parsing.grow(count) : undefined;
  const matched = await discover(cwd, options.pattern, counting);
  const candidates = matched.filter((file) => !isDefaultsFile(file) && !isReleaseFile(file));
  let read: Awaited<ReturnType<typeof readCatalogue>>;
  try {
    read = await readCatalogue(parsing, context, matched, candidates, options);
  } finally {
    parsing.close();
  }
  const { release, defaults, parsed } = read;
  const { results: outcomes, workerThreads, unparsed } = parsed;

  const problems: Problem[] = [...release.problems];
  for (const layer of defaults.values()) if (layer) problems.push(...layer.problems);
  const files: string[] = [];
  const valid: DesiredItem[] = [];
  const outlines: ManifestOutline[] = [];
  for (const outcome of outcomes) {
    if (outcome === null) continue;
    files.push(outcome.file);
    problems.push(...outcome.problems);
    if (outcome.item) valid.push(outcome.item);
    if (outcome.outline) outlines.push(outcome.outline);
  }
  const cross = crossFileProblems(outlines);
  problems.push(...cross.problems);
  return {
    items: valid.filter((item) => !cross.clashing.has(item.file)),
    problems: dedupeAndSort(problems),
    files: unparsed.length === 0 ? files : [...files, ...unparsed].sort(byCodePoint),
    outlines,
    ...(unparsed.length === 0 ? {} : { unparsed }),
    ...(workerThreads > 0 ? { workerThreads } : {}),
    ...(release.release === null ? {} : { release: release.release }),
  };
}

/** The release file, the folders' defaults, then every manifest, parsed with them. */
async function readCatalogue(
  parsing: Parsing,
  context: { cwd: string; root: string; maxFileBytes: number },
  matched: readonly string[],
  candidates: readonly string[],
  options: LoadOptions,
) {
  const reader = new Reader(context.cwd, context.root, context.maxFileBytes);
  const release = await loadRelease(reader, options.pattern, matched);
  const defaults = await readAllDefaults(reader, candidates, context);
  const parsed = await parseManifests(parsing, candidates, { ...context, defaults }, options);
  return { release, defaults, parsed };
}

function workersOf(options: LoadOptions): { workers?: number } {
  return options.workers === undefined ? {} : { workers: options.workers };
}

/**
 * Every manifest parsed, in the files' order; or, in a change's plan, those
 * it touches, and the others only when the focus asks for them (`unparsed`
 * lists them otherwise).
 */
async function parseManifests(
  parsing: Parsing,
  files: readonly string[],
  context: ParseContext,
  options: LoadOptions,
): Promise<Parsed & { unparsed: string[] }> {
  const onParsed = named(options);
  const focus = (await options.focus) ?? null;
  if (focus === null) {
    parsing.grow(files.length);
    return { ...(await parsing.parse(files, context, { onParsed })), unparsed: [] };
  }
  const first = files.filter((file) => focus.parsesFirst(file));
  const rest = files.filter((file) => !focus.parsesFirst(file));
  parsing.grow(first.length);
  const head = await parsing.parse(first, context, { onParsed });
  const parsedFirst = head.results.filter((result) => result !== null);
  if (rest.length === 0 || !(await focus.needsRest(parsedFirst, files))) return { ...head, unparsed: rest };
  const tail = await parseFiles(rest, context, { ...workersOf(options), onParsed });
  // Both parts back in the files' order, as one parse of them all would give them.
  const [inHead, inTail] = [head.results.values(), tail.results.values()];
  return {
    results: files.map((file) => (focus.parsesFirst(file) ? inHead : inTail).next().value ?? null),
    workerThreads: Math.max(head.workerThreads, tail.workerThreads),
    unparsed: [],
  };
}

/** Each item to `onNamed` as soon as its manifest is valid on its own. */
function named(options: LoadOptions): ((parsed: ParsedFile) => void) | undefined {
  const { onNamed } = options;
  if (onNamed === undefined) return undefined;
  return ({ item }) => {
    if (item) onNamed({ file: item.file, title: item.fields.title, id: item.id });
  };
}

/**
 * The release file of the manifests' folder, read and checked; a release
 * file the glob met in any other folder is an error, since it would do nothing.
 */
async function loadRelease(
  reader: Reader,
  pattern: string,
  matched: readonly string[],
): Promise<{ release: ReleaseControl | null; problems: Problem[] }> {
  const root = globRoot(pattern);
  // Manifests outside the workspace are refused one by one; there is no release file to look for there.
  if (root === '..' || root.startsWith('../') || path.isAbsolute(root))
    return { release: null, problems: [] };
  const names = releaseFilesIn(root);
  const problems = matched
    .filter((file) => isReleaseFile(file) && !names.includes(file))
    .map((file) => misplacedRelease(file, root));
  const found: Array<{ file: string; text: string }> = [];
  for (const file of names) {
    const read = await reader.read(file, true);
    if (read.kind === 'problem') problems.push(read.problem);
    if (read.kind === 'text') found.push({ file, text: read.text });
  }
  const [first, second] = found;
  if (second !== undefined)
    problems.push(
      problemAt(
        { file: second.file, line: 1, column: 1 },
        'duplicate_release_file',
        `two release files in one folder; ${first!.file} applies, merge ${second.file} into it and remove it`,
      ),
    );
  if (first === undefined) return { release: null, problems };
  const read = readRelease(first.file, first.text);
  return { release: read.release, problems: [...problems, ...read.problems] };
}

/** The `_defaults.yml` of every folder above the manifests, read once each, before any manifest. */
async function readAllDefaults(
  reader: Reader,
  files: readonly string[],
  workspace: { cwd: string; root: string },
): Promise<Map<string, Source | null>> {
  // A manifest outside the workspace (its path, or a folder linked from
  // elsewhere) is refused unread: no defaults are looked for beside it.
  const inside = files.filter((file) => !file.startsWith('../') && !path.isAbsolute(file));
  // Files of one folder share their folders: each folder's are taken once.
  const byFolder = new Map<string, string>();
  for (const file of inside) byFolder.set(file.slice(0, file.lastIndexOf('/') + 1), file);
  const folders = [...new Set([...byFolder.values()].flatMap(foldersOf))].filter((folder) =>
    folderInside(workspace, folder),
  );
  const defaults = new Map<string, Source | null>();
  for (const folder of folders) defaults.set(folder, await readFolderDefaults(reader, folder));
  return defaults;
}

function folderInside({ cwd, root }: { cwd: string; root: string }, folder: string): boolean {
  try {
    const real = realpathSync(path.join(cwd, folder));
    return real === root || real.startsWith(root + path.sep);
  } catch {
    return false;
  }
}

async function readFolderDefaults(reader: Reader, folder: string): Promise<Source | null> {
  const found: Source[] = [];
  for (const name of DEFAULTS_FILES) {
    const file = folder === '' ? name : `${folder}/${name}`;
    const read = await reader.read(file, true);
    if (read.kind === 'none') continue;
    if (read.kind === 'problem') found.push({ file, root: null, problems: [read.problem] });
    else found.push(readDefaults(file, read.text));
  }
  const [first, second] = found;
  if (first === undefined) return null;
  if (second !== undefined) {
    first.problems.push(
      problemAt(
        { file: second.file, line: 1, column: 1 },
        'duplicate_defaults',
        `two defaults files in one folder; ${first.file} applies, merge ${second.file} into it and remove it`,
      ),
    );
  }
  return first;
}
