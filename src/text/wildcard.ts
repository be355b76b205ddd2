// Wildcard matching in time linear in the text: no regular expression, so
// nothing to backtrack. A pattern is a list of elements, each of which takes
// exactly one unit of the text (a character, or a path segment) or any run of
// them (a star). The matcher walks the text once, keeping the set of pattern
// positions it could be at (a Thompson simulation): at most pattern × text
// steps, however the stars are placed. A regular expression built from
// `*a*a*a*a*a*a*a*a*b` took over 40 s on a title of 64 characters; this
// takes microseconds.

export type Element<T> =
  /** Takes exactly one unit that `matches` accepts. */
  | { kind: 'one'; matches: (unit: T) => boolean }
  /** Takes any run of units (none included), each of which `accepts` allows (all when absent). */
  | { kind: 'any'; accepts?: (unit: T) => boolean };

/** Whether the whole of `units` is taken by the whole of `pattern`. */
export function matchesAll<T>(pattern: readonly Element<T>[], units: Iterable<T>): boolean {
  return advance(pattern, units).includes(pattern.length);
}

/**
 * The positions of `pattern` the matcher can be at once `units` are taken,
 * from `from` (the start when absent): a text's common beginning (a
 * folder's path, for every file in it) is walked once, and only each
 * text's own end after it. Empty when no match can follow.
 */
export function advance<T>(
  pattern: readonly Element<T>[],
  units: Iterable<T>,
  from: readonly number[] = reachable(pattern, [0]),
): readonly number[] {
  let states = from;
  for (const unit of units) {
    const next: number[] = [];
    for (const position of states) {
      const element = pattern[position];
      if (element === undefined) continue;
      if (element.kind === 'one' && element.matches(unit)) next.push(position + 1);
      else if (element.kind === 'any' && (element.accepts?.(unit) ?? true)) next.push(position);
    }
    states = reachable(pattern, next);
    if (states.length === 0) break;
  }
  return states;
}

/** The positions given, and those past every star after them (a star may take nothing), once each, in order. */
function reachable<T>(pattern: readonly Element<T>[], positions: readonly number[]): number[] {
  const seen = new Uint8Array(pattern.length + 1);
  for (let position of positions) {
    for (; !seen[position]; position++) {
      seen[position] = 1;
      if (pattern[position]?.kind !== 'any') break;
    }
  }
  const out: number[] = [];
  for (let position = 0; position <= pattern.length; position++) if (seen[position]) out.push(position);
  return out;
}

/** One character, or any run of characters: a pattern over the characters of a text (code points). */
export const anyChars: Element<string> = { kind: 'any' };
export const oneChar = (matches: (char: string) => boolean): Element<string> => ({ kind: 'one', matches });
export const literalChar = (char: string): Element<string> => oneChar((unit) => unit === char);

/**
 * A glob over a whole text, as `--only` takes titles: `*` any run of
 * characters, `?` one character, everything else literal.
 */
export function textMatcher(glob: string): (text: string) => boolean {
  const pattern = [...glob].map((char) =>
    char === '*' ? anyChars : char === '?' ? oneChar(() => true) : literalChar(char),
  );
  return (text) => matchesAll(pattern, [...text]);
}
