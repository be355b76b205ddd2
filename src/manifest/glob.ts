import { advance, anyChars, literalChar, matchesAll, oneChar, type Element } from '../text/wildcard.ts';

// The manifests glob, matched without a regular expression. Node's glob
// turns each `*` into a regular expression that backtracks: a pattern such
// as `content/*a*a*a*a*a*a*a*a*b` against one file of a long name took
// seconds, and each further star multiplies it. Here the pattern is matched
// by src/text/wildcard.ts, in time linear in the path, and the loader walks
// the folders under the glob's fixed start, no deeper than it can match.
//
// Syntax: `*` and `?` within one path segment; `[abc]`, `[a-z]`, `[!x]`;
// `**` as a whole segment, any number of segments; `{a,b}`, nested too; `\`
// takes the next character as written. As with Node's glob, a name that
// starts with a dot is matched only by a segment written with that dot.

export class GlobSyntaxError extends Error {
  override name = 'GlobSyntaxError';
}

export interface PathGlob {
  /** Whether a path, relative to where the glob was written, `/`-separated, matches. */
  matches(file: string): boolean;
  /**
   * Whether a name in `folder` (written as the glob writes paths) matches, as
   * `matches` says of the folder's path and the name: the folder is walked
   * through the pattern once, for all its names.
   */
  namesIn(folder: string): (name: string) => boolean;
  /** The folder every match is under, as the glob writes it: `content` for `content/**\/*.yml`, '' for none. */
  root: string;
  /** The most segments a match has below `root`; Infinity where a `**` allows any number. */
  depth: number;
}

/** Brace alternatives past this are a mistake (or an attack): `{a,b}` ten times over is 1,024. */
const MAX_ALTERNATIVES = 256;

const EXTGLOB = /(?<!\\)[@!+*?]\(/;

/** The folder a glob starts in, before its first wildcard: `content/**\/*.yml` -> `content`. */
export function globRoot(pattern: string): string {
  const parts = pattern.split('/');
  const fixed: string[] = [];
  for (const part of parts.slice(0, -1)) {
    if (/[*?[\]{}!\\]/.test(part)) break;
    fixed.push(part);
  }
  const root = fixed.join('/');
  return root === '' && pattern.startsWith('/') ? '/' : root;
}

export function compileGlob(glob: string): PathGlob {
  const extglob = EXTGLOB.exec(glob);
  if (extglob) {
    throw new GlobSyntaxError(
      `the manifests glob ${JSON.stringify(glob)} uses ${extglob[0]}…), an extended glob this action does not read; ` +
        'use {a,b} for alternatives, or \\( for a parenthesis.',
    );
  }
  const alternatives = expandBraces(glob).map((alternative) => segmentsOf(alternative));
  const root = globRoot(glob);
  const patterns = alternatives.map((segments) => segments.map(segmentElement));
  return {
    matches: (file) => {
      const units = segmentsOf(file);
      return patterns.some((pattern) => matchesAll(pattern, units));
    },
    namesIn: (folder) => {
      const units = folder === '' ? [] : segmentsOf(`${folder}/x`).slice(0, -1);
      const open = patterns
        .map((pattern) => ({ pattern, states: advance(pattern, units) }))
        .filter(({ states }) => states.length > 0);
      return (name) =>
        open.some(({ pattern, states }) => advance(pattern, [name], states).includes(pattern.length));
    },
    root,
    depth: Math.max(
      ...alternatives.map((segments) =>
        segments.includes('**') ? Infinity : segments.length - rootSegments(root),
      ),
    ),
  };
}

/** How many of a path's segments (as segmentsOf counts them) the glob's root is: `./content` is 1, `/` is 1. */
function rootSegments(root: string): number {
  return root === '' ? 0 : segmentsOf(`${root}/x`).length - 1;
}

/** `./a//b/` -> ['a', 'b']; an absolute path keeps its leading ''. */
function segmentsOf(pattern: string): string[] {
  const parts = pattern.split('/');
  const kept = parts.filter((part, index) => part !== '' && !(part === '.' && index < parts.length - 1));
  return parts[0] === '' ? ['', ...kept] : kept;
}

function segmentElement(segment: string): Element<string> {
  if (segment === '**') return { kind: 'any', accepts: (unit) => !unit.startsWith('.') };
  // A name that starts with a dot is matched only by a segment written with that dot.
  const dotted = segment.startsWith('.') || segment.startsWith('\\.');
  const named = (unit: string): boolean => dotted || !unit.startsWith('.');
  if (!/[*?[\\]/.test(segment)) return { kind: 'one', matches: (unit) => unit === segment };
  const affixes = plainAffixes(segment);
  if (affixes) {
    const [prefix, suffix] = affixes;
    const least = prefix.length + suffix.length;
    return {
      kind: 'one',
      matches: (unit) =>
        named(unit) && unit.length >= least && unit.startsWith(prefix) && unit.endsWith(suffix),
    };
  }
  const chars = charElements(segment);
  return { kind: 'one', matches: (unit) => named(unit) && matchesAll(chars, [...unit]) };
}

/**
 * A segment that is plain text around one `*` (`*.yml`, `video-*`), as its
 * text before and after the star: matched by comparing
 * the ends of a name rather than character by character, which is what the
 * walk of a large catalogue spends its time on. Null for any other segment.
 */
function plainAffixes(segment: string): [string, string] | null {
  if (/[?[\\]/.test(segment)) return null;
  const star = segment.indexOf('*');
  if (segment.indexOf('*', star + 1) !== -1) return null;
  return [segment.slice(0, star), segment.slice(star + 1)];
}

function charElements(segment: string): Element<string>[] {
  const chars = [...segment];
  const out: Element<string>[] = [];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    if (char === '\\' && i + 1 < chars.length) out.push(literalChar(chars[++i]!));
    else if (char === '*') out.push(anyChars);
    else if (char === '?') out.push(oneChar(() => true));
    else if (char === '[') {
      const set = characterClass(chars, i);
      if (set === null) out.push(literalChar(char));
      else {
        out.push(oneChar(set.matches));
        i = set.end;
      }
    } else out.push(literalChar(char));
  }
  return out;
}

/** `[abc]`, `[a-z]`, `[!x]` or `[^x]` starting at `start`; null when it is not closed (then `[` is literal). */
function characterClass(
  chars: readonly string[],
  start: number,
): { matches: (char: string) => boolean; end: number } | null {
  let i = start + 1;
  const negated = chars[i] === '!' || chars[i] === '^';
  if (negated) i++;
  const ranges: Array<[string, string]> = [];
  for (let first = true; i < chars.length && (first || chars[i] !== ']'); first = false, i++) {
    let low = chars[i]!;
    if (low === '\\' && i + 1 < chars.length) low = chars[++i]!;
    if (chars[i + 1] === '-' && i + 2 < chars.length && chars[i + 2] !== ']') {
      ranges.push([low, chars[i + 2]!]);
      i += 2;
    } else ranges.push([low, low]);
  }
  if (i >= chars.length) return null;
  const inside = (char: string) => ranges.some(([low, high]) => char >= low && char <= high);
  return { matches: (char) => inside(char) !== negated, end: i };
}

/**
 * Every alternative of the glob's braces, with at most MAX_ALTERNATIVES of
 * them. A brace group without a comma is literal, as in Node's glob.
 */
export function expandBraces(glob: string): string[] {
  const done = new Set<string>();
  const pending = [glob];
  while (pending.length > 0) {
    const text = pending.pop()!;
    const group = firstBraceGroup(text);
    if (group === null) done.add(text);
    else {
      const [before, after] = [text.slice(0, group.open), text.slice(group.close + 1)];
      for (const part of group.parts.reverse()) pending.push(`${before}${part}${after}`);
    }
    if (done.size + pending.length > MAX_ALTERNATIVES) {
      throw new GlobSyntaxError(
        `the manifests glob ${JSON.stringify(glob)} has more than ${MAX_ALTERNATIVES} alternatives in its braces; use fewer, or a wider pattern.`,
      );
    }
  }
  return [...done];
}

/** The first `{…}` to close that holds a comma at its own level: where it opens and closes, and its parts. */
function firstBraceGroup(text: string): { open: number; close: number; parts: string[] } | null {
  const opens: Array<{ at: number; commas: number[] }> = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\\') i++;
    else if (char === '{') opens.push({ at: i, commas: [] });
    else if (char === ',' && opens.length > 0) opens.at(-1)!.commas.push(i);
    else if (char === '}' && opens.length > 0) {
      // The first group to close is the innermost: the groups around it are expanded on later turns.
      const group = opens.pop()!;
      if (group.commas.length > 0) {
        const cuts = [group.at, ...group.commas, i];
        const parts = cuts.slice(1).map((cut, index) => text.slice(cuts[index]! + 1, cut));
        return { open: group.at, close: i, parts };
      }
    }
  }
  return null;
}
