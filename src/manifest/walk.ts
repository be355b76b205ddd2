import type { Dirent } from 'node:fs';
import { readdirSync } from 'node:fs';
import path from 'node:path';

// The manifests glob without `fs.promises.glob`: loading Node's glob (and the
// minimatch inside it) costs the action's cold start more than walking the
// few folders a manifests pattern names. The walk gives the same results as
// `glob(pattern, { cwd, exclude: basename in skipped })` for the patterns it
// takes on: literal names, `*` inside a name, `**` as a whole segment and
// `{a,b}` alternatives. For anything else (`?`, `[…]`, extglobs, escapes,
// `.`/`..` segments, names that start with a dot, ranges, nested braces) and
// for any symbolic link met on the way, it answers null and the caller asks
// the real glob, so an unusual pattern or tree never gets a different answer.

type Segment = { kind: 'globstar' } | { kind: 'name'; test: (name: string) => boolean };

const SIMPLE = /^[\w\-./*{}, ]+$/;

/** `{a,b}` alternatives expanded, left to right; null for braces the walk does not take on. */
export function expandBraces(pattern: string): string[] | null {
  const open = pattern.indexOf('{');
  const close = pattern.indexOf('}');
  if (open === -1) return close === -1 ? [pattern] : null;
  if (close < open) return null;
  const inner = pattern.slice(open + 1, close);
  if (inner.includes('{')) return null;
  const options = inner.split(',');
  if (options.length < 2 || options.some((option) => option === '' || option.includes('/'))) return null;
  const rest = expandBraces(pattern.slice(close + 1));
  if (rest === null) return null;
  const head = pattern.slice(0, open);
  return options.flatMap((option) => rest.map((tail) => `${head}${option}${tail}`));
}

function nameSegment(text: string): Segment | null {
  if (text === '' || text === '.' || text === '..' || text.startsWith('.') || text.includes('**'))
    return null;
  if (!text.includes('*')) return { kind: 'name', test: (name) => name === text };
  const source = text
    .split('*')
    .map((part) => part.replace(/[.+^${}()|[\]\\-]/g, '\\$&'))
    .join('.*');
  // As in the glob: a name that starts with `*` does not match names that start with a dot.
  const regex = new RegExp(`^${text.startsWith('*') ? '(?!\\.)' : ''}${source}$`, 's');
  return { kind: 'name', test: (name) => regex.test(name) };
}

/** The pattern's segments, or null when it needs the real glob. */
export function compilePattern(pattern: string, skipped: ReadonlySet<string>): Segment[][] | null {
  if (!SIMPLE.test(pattern)) return null;
  const expanded = expandBraces(pattern);
  if (expanded === null) return null;
  const compiled: Segment[][] = [];
  for (const one of expanded) {
    const segments: Segment[] = [];
    for (const text of one.split('/')) {
      if (text === '**') {
        if (segments.at(-1)?.kind === 'globstar') return null;
        segments.push({ kind: 'globstar' });
        continue;
      }
      const segment = nameSegment(text);
      if (segment === null) return null;
      segments.push(segment);
    }
    const last = segments.at(-1);
    // A last segment that could name a skipped folder: the glob's rules for those are subtle.
    if (last === undefined || last.kind === 'globstar') return null;
    if ([...skipped].some((name) => last.test(name))) return null;
    compiled.push(segments);
  }
  return compiled;
}

/**
 * The paths (relative to `cwd`, with `/`, in no particular order) that match
 * `pattern`, never entering a folder named in `skipped`; null when the pattern
 * or the tree needs `fs.promises.glob` to answer exactly.
 */
export async function walkPattern(
  cwd: string,
  pattern: string,
  skipped: ReadonlySet<string>,
): Promise<string[] | null> {
  const patterns = compilePattern(pattern, skipped);
  if (patterns === null) return null;
  // Set when only the real glob can answer; the walk then stops going deeper.
  let needsGlob = false;
  const listings = new Map<string, Promise<Dirent[]>>();
  const list = (folder: string): Promise<Dirent[]> => {
    let pending = listings.get(folder);
    if (pending === undefined) {
      pending = Promise.resolve()
        .then(() => readdirSync(path.join(cwd, folder), { withFileTypes: true }))
        .catch((error: unknown) => {
          const code = (error as NodeJS.ErrnoException).code;
          if (code !== 'ENOENT' && code !== 'ENOTDIR') needsGlob = true;
          return [];
        });
      listings.set(folder, pending);
    }
    return pending;
  };
  const found = new Set<string>();
  const join = (folder: string, name: string): string => (folder === '' ? name : `${folder}/${name}`);

  const walkOne = async (segments: Segment[]): Promise<void> => {
    const seen = new Set<string>();
    const visit = async (folder: string, index: number): Promise<void> => {
      const key = `${index}\0${folder}`;
      if (seen.has(key)) return;
      seen.add(key);
      const segment = segments[index]!;
      const entries = await list(folder);
      if (needsGlob) return;
      const next: Promise<void>[] = [];
      if (segment.kind === 'globstar') {
        next.push(visit(folder, index + 1)); // `**` matches no folder too
        for (const entry of entries) {
          if (entry.name.startsWith('.') || skipped.has(entry.name)) continue;
          if (entry.isSymbolicLink()) {
            needsGlob = true;
            break;
          }
          if (entry.isDirectory()) next.push(visit(join(folder, entry.name), index));
        }
      } else {
        const last = index === segments.length - 1;
        for (const entry of entries) {
          if (!segment.test(entry.name)) continue;
          if (entry.isSymbolicLink()) {
            needsGlob = true;
            break;
          }
          if (last) found.add(join(folder, entry.name));
          else if (entry.isDirectory() && !skipped.has(entry.name))
            next.push(visit(join(folder, entry.name), index + 1));
        }
      }
      await Promise.all(next);
    };
    await visit('', 0);
  };

  await Promise.all(patterns.map(walkOne));
  return needsGlob ? null : [...found];
}
