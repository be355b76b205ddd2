import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, realpathSync } from 'node:fs';
import { glob } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULTS } from '../defaults.ts';
import { titleKey } from '../text/service-terms.ts';
import { compileGlob, globRoot } from './glob.ts';
import { isReleaseFile, misplacedRelease, readRelease, releaseFilesIn } from './release-file.ts';
import { readDefaults, validateSource } from './validate.ts';
import { readSource } from './yaml-reader.ts';
import { problemAt } from './position-tree.ts';
import type { Source } from './position-tree.ts';
import type {
  DesiredItem,
  LoadResult,
  ManifestOutline,
  Problem,
  ReleaseControl,
  SourceLocation,
} from './types.ts';

// Glob -> files in a stable order -> text (bounded, UTF-8, inside the
// workspace) -> desired items, with every problem of every file in one pass.
// Every file is read by the yaml library and checked by the zod schema
// (validate.ts); the files are found by Node's own `fs.promises.glob`, and
// matched by a glob that cannot backtrack (glob.ts).

export const DEFAULT_PATTERN = DEFAULTS.manifests;
/** No manifest comes near this; a bigger file is a mistake or an attack. */
const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;
export const DEFAULTS_FILES = ['_defaults.yml', '_defaults.yaml'] as const;
const SKIPPED_DIRS = new Set(['node_modules', '.git']);
const PARALLEL_READS = 32;
/**
 * Longest stretch of parsing between two turns of the event loop: the
 * service's answers the engine reads meanwhile (its listing pages, one after
 * another) are handled at least this often.
 */
const SLICE_MS = 2;

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
}

/** What the service is searched by for one manifest, as soon as it is parsed. */
export interface NamedManifest {
  file: string;
  title: string;
  id: string | null;
}

type ReadOutcome = { kind: 'text'; text: string } | { kind: 'problem'; problem: Problem } | { kind: 'none' };

function posix(relative: string): string {
  return relative.split(path.sep).join('/');
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Offset of the first byte that is not part of valid UTF-8, or -1. */
function invalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const size =
      b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (size === 0 || i + size > bytes.length) return i;
    for (let k = 1; k < size; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    const b1 = bytes[i + 1] ?? 0;
    // Overlong forms, UTF-16 surrogates and code points past U+10FFFF.
    if ((b === 0xe0 && b1 < 0xa0) || (b === 0xed && b1 > 0x9f)) return i;
    if ((b === 0xf0 && b1 < 0x90) || (b === 0xf4 && b1 > 0x8f)) return i;
    i += size;
  }
  return -1;
}

function locationOfByte(file: string, bytes: Uint8Array, offset: number): SourceLocation {
  const before = bytes.subarray(0, offset);
  const lineStart = before.lastIndexOf(0x0a) + 1;
  let line = 1;
  for (const byte of before) if (byte === 0x0a) line++;
  const column = Buffer.from(bytes.subarray(lineStart, offset)).toString('utf8').length + 1;
  return { file, line, column };
}

/** A link is refused by the open itself (ELOOP), and a FIFO does not block it. */
const OPEN_NO_LINK = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** Where open cannot refuse a link (Windows has no O_NOFOLLOW), whether `file` is one, by lstat. */
function isLinkWithoutNoFollow(file: string): boolean {
  return constants.O_NOFOLLOW === undefined && lstatSync(file).isSymbolicLink();
}

function mib(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

class Reader {
  readonly #cwd: string;
  readonly #root: string;
  readonly #max: number;
  readonly #folders = new Map<string, Promise<string>>();

  constructor(cwd: string, root: string, max: number) {
    this.#cwd = cwd;
    this.#root = root;
    this.#max = max;
  }

  #realFolder(folder: string): Promise<string> {
    let pending = this.#folders.get(folder);
    if (pending === undefined) {
      pending = Promise.resolve().then(() => realpathSync(folder));
      this.#folders.set(folder, pending);
    }
    return pending;
  }

  #inside(real: string): boolean {
    return real === this.#root || real.startsWith(this.#root + path.sep);
  }

  /**
   * Opens `joined` where it really is, once that is known to be inside the
   * workspace: a file that is no link is where its folder is (whose realpath
   * is cached), and a link is followed by realpath. The open itself refuses a
   * link (so what was checked is what is read) and never waits on a FIFO;
   * fstat and read follow on that descriptor.
   */
  async #open(joined: string): Promise<{ fd: number } | { outside: string }> {
    const folder = await this.#realFolder(path.dirname(joined));
    if (!isLinkWithoutNoFollow(joined)) {
      if (!this.#inside(path.join(folder, path.basename(joined)))) {
        return {
          outside:
            'the file is in a folder linked from outside the workspace; manifests must live in the repository',
        };
      }
      try {
        return { fd: openSync(joined, OPEN_NO_LINK) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ELOOP') throw error;
      }
    }
    const real = realpathSync(joined);
    if (!this.#inside(real)) {
      return {
        outside: 'the file is a link to a place outside the workspace; manifests must live in the repository',
      };
    }
    return { fd: openSync(real, OPEN_NO_LINK) };
  }

  async read(file: string, optional = false): Promise<ReadOutcome> {
    const start: SourceLocation = { file, line: 1, column: 1 };
    const fail = (code: string, message: string): ReadOutcome => ({
      kind: 'problem',
      problem: problemAt(start, code, message),
    });
    if (file.startsWith('../') || path.isAbsolute(file)) {
      return fail(
        'outside_workspace',
        'the file is outside the workspace; manifests must live in the repository',
      );
    }
    let opened: { fd: number } | { outside: string };
    try {
      opened = await this.#open(path.join(this.#cwd, file));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (optional && code === 'ENOENT') return { kind: 'none' };
      // A socket cannot be opened as a file: like a folder or a FIFO, it is no manifest.
      if (code === 'ENXIO') return { kind: 'none' };
      return fail('unreadable', `the file cannot be read (${code ?? 'error'})`);
    }
    if ('outside' in opened) return fail('outside_workspace', opened.outside);
    const { fd } = opened;
    let bytes: Buffer;
    try {
      const info = fstatSync(fd);
      if (!info.isFile()) return { kind: 'none' };
      if (info.size > this.#max) {
        return fail(
          'file_too_large',
          `the file is ${mib(info.size)}, over the ${mib(this.#max)} limit for a manifest`,
        );
      }
      bytes = readFileSync(fd);
    } catch (error) {
      return fail(
        'unreadable',
        `the file cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    } finally {
      closeSync(fd);
    }
    if (bytes.length > this.#max) {
      return fail('file_too_large', `the file is over the ${mib(this.#max)} limit for a manifest`);
    }
    const bad = invalidUtf8Offset(bytes);
    if (bad !== -1) {
      return {
        kind: 'problem',
        problem: problemAt(
          locationOfByte(file, bytes, bad),
          'not_utf8',
          `the file is not UTF-8 (byte 0x${bytes[bad]!.toString(16).padStart(2, '0')} here); save it as UTF-8`,
        ),
      };
    }
    return { kind: 'text', text: new TextDecoder('utf-8').decode(bytes) };
  }
}

/** The matched files, sorted in code-point order so every run sees them alike. */
async function discover(cwd: string, pattern: string): Promise<string[]> {
  return (await globPattern(cwd, pattern)).sort(byCodePoint);
}

/**
 * The files `pattern` matches, relative to `cwd` with `/`, skipping
 * node_modules and .git: `fs.promises.glob` walks the folders, and the
 * pattern itself is matched in linear time (glob.ts).
 */
export async function globPattern(cwd: string, pattern: string): Promise<string[]> {
  const compiled = compileGlob(pattern);
  const found = new Set<string>();
  const exclude = (name: string): boolean => SKIPPED_DIRS.has(path.basename(name));
  for (const walk of compiled.walks) {
    for await (const entry of glob(walk, { cwd, exclude })) {
      if (compiled.matches(posix(entry))) found.add(posix(path.relative(cwd, path.resolve(cwd, entry))));
    }
  }
  return [...found];
}

/** The folders whose defaults apply to a file, outermost first: '' (the root), 'content', 'content/a'. */
function foldersOf(file: string): string[] {
  const parts = file.split('/').slice(0, -1);
  return parts.reduce<string[]>(
    (folders, part, index) => [...folders, index === 0 ? part : `${folders[index]}/${part}`],
    [''],
  );
}

async function runPool<T>(count: number, work: (index: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  // Files are read synchronously: without a turn of the event loop now and
  // then, the service's answers the engine is reading meanwhile would wait
  // until every manifest was parsed. The workers share one slice and one
  // turn: each waiting for its own would hand the loop to all of them in a row.
  let sliceStarted = performance.now();
  let turn: Promise<void> | null = null;
  const nextTurn = (): Promise<void> =>
    (turn ??= new Promise((resume) =>
      setImmediate(() => {
        turn = null;
        sliceStarted = performance.now();
        resume();
      }),
    ));
  const worker = async (): Promise<void> => {
    while (next < count) {
      if (performance.now() - sliceStarted > SLICE_MS) await nextTurn();
      const index = next++;
      if (index >= count) return;
      results[index] = await work(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, count) }, worker));
  return results;
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
      if (value !== null) groups.set(value, [...(groups.get(value) ?? []), outline]);
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
  const reader = new Reader(cwd, realpathSync(cwd), options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES);
  const matched = await discover(cwd, options.pattern);
  const candidates = matched.filter(
    (file) =>
      !(DEFAULTS_FILES as readonly string[]).includes(path.posix.basename(file)) && !isReleaseFile(file),
  );
  const release = await loadRelease(reader, options.pattern, matched);

  const defaultsOf = new Map<string, Promise<Source | null>>();
  const folderDefaults = (folder: string): Promise<Source | null> => {
    let pending = defaultsOf.get(folder);
    if (pending === undefined) {
      pending = readFolderDefaults(reader, folder);
      defaultsOf.set(folder, pending);
    }
    return pending;
  };

  const outcomes = await runPool(candidates.length, async (index) => {
    const file = candidates[index]!;
    const read = await reader.read(file);
    if (read.kind === 'none') return null;
    if (read.kind === 'problem') return { file, item: null, problems: [read.problem], outline: null };
    const layers = (await Promise.all(foldersOf(file).map(folderDefaults))).filter((s) => s !== null);
    const validated = validateSource(readSource(file, read.text), layers);
    const item = validated.item;
    if (item) options.onNamed?.({ file: item.file, title: item.fields.title, id: item.id });
    return { file, ...validated };
  });

  const problems: Problem[] = [...release.problems];
  for (const layer of await Promise.all(defaultsOf.values())) if (layer) problems.push(...layer.problems);
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
    files,
    outlines,
    ...(release.release === null ? {} : { release: release.release }),
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
