import { problemAt } from './position-tree.ts';
import type { Problem } from './types.ts';

// What a manifest may cost to read, checked on the raw text before any
// parser sees it. The YAML parser checks duplicate keys pairwise, so a
// mapping of n keys costs n² (60,000 keys under fine_tuning took half a
// minute), and a pull request from anyone can hold such a file. One pass
// over the text counts, per mapping or list, the keys and items written in
// block style (`key:` lines, `- ` items) and in flow style (`{a: 1, b: 2}`,
// `[1, 2]`), and refuses the file at the first one past a limit, at its line.
//
// The count errs on the high side (a comma inside a quoted string in a flow
// collection counts), never low; block scalars (`|`, `>`) are skipped, so a
// long script with lines like `Narrator: …` costs nothing here.

/** Keys of one mapping, or items of one list: no manifest field needs more than a few hundred. */
export const MAX_KEYS_PER_MAPPING = 1000;
/** Keys and items in the whole file. */
export const MAX_ENTRIES = 10_000;

// `key:` at the start of a line's content, after any `- ` markers: a plain
// or quoted key, then a colon followed by a space or the end of the line.
const BLOCK_ENTRY =
  /^((?:-[ \t]+)*)(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"[\]{},:-][^#]*?|-[^\s#]*?)[ \t]*:(?:[ \t]|$)/;
const SEQ_ITEM = /^(?:-(?:[ \t]+|$))+/;
const VALUE_START = /^((?:-[ \t]+)*)(?:[^#]*?:[ \t]+)?(?=[[{])/;
const BLOCK_SCALAR = /:[ \t]+[|>][-+0-9]*[ \t]*(?:#.*)?$/;

/** An open block mapping or list: the column its entries start at, and how many it has had. */
interface Level {
  indent: number;
  count: number;
}

/** The first limit the text passes, as a problem at the line where it does; null when within every limit. */
export function costProblem(file: string, text: string): Problem | null {
  const counter = new EntryCounter(file);
  for (let start = 0; start <= text.length;) {
    const end = text.indexOf('\n', start);
    const problem = counter.line(text.slice(start, end === -1 ? text.length : end));
    if (problem !== null) return problem;
    start = end === -1 ? text.length + 1 : end + 1;
  }
  return null;
}

/** Counts the entries of one file, a line at a time, in the collections that hold them. */
class EntryCounter {
  readonly #file: string;
  #lineNumber = 0;
  #total = 0;
  /** Open block collections, outermost first. */
  readonly #levels: Level[] = [];
  /** Inside a block scalar whose key sits at this indent; -1 when not. */
  #scalarIndent = -1;
  /** Entries of each open flow collection, outermost first. */
  readonly #flow: number[] = [];

  constructor(file: string) {
    this.#file = file;
  }

  /** Counts one line's entries; the problem when one passes a limit. */
  line(line: string): Problem | null {
    this.#lineNumber += 1;
    const content = line.trimStart();
    const indent = line.length - content.length;
    if (content === '' || content.startsWith('#')) return null;
    if (this.#scalarIndent >= 0 && indent > this.#scalarIndent) return null;
    this.#scalarIndent = -1;
    if (this.#flow.length === 0) {
      const problem = this.#blockEntries(content, indent);
      if (problem !== null) return problem;
    }
    // Flow style: a collection that opens where a value starts, and may span several lines.
    const from = this.#flow.length > 0 ? indent : flowStart(content, indent);
    return from < 0 ? null : this.#flowEntries(line, from);
  }

  /** Block style: a new key or item at this indent, inside the mapping or list that holds it. */
  #blockEntries(content: string, indent: number): Problem | null {
    const items = SEQ_ITEM.exec(content)?.[0] ?? '';
    const keyed = BLOCK_ENTRY.test(content) || /^(?:-[ \t]+)*\?(?:[ \t]|$)/.test(content);
    let problem: Problem | null = null;
    if (items !== '') problem = this.#itemEntries(items, indent, keyed);
    else if (keyed) problem = this.#bump(indent, false);
    if (problem !== null) return problem;
    if (keyed && BLOCK_SCALAR.test(content)) this.#scalarIndent = indent;
    return null;
  }

  /** `- - key: v`: an item of the list at this indent, then items of new lists, then a new mapping's first key. */
  #itemEntries(items: string, indent: number, keyed: boolean): Problem | null {
    let problem = this.#bump(indent, false);
    let column = indent;
    for (const marker of items.matchAll(/-[ \t]*/g)) {
      if (problem !== null) break;
      if (column !== indent) problem = this.#bump(column, true);
      column = indent + marker.index + marker[0].length;
    }
    if (problem === null && keyed) problem = this.#bump(column, true);
    return problem;
  }

  /** One more entry in the collection at this column (a new collection when fresh). */
  #bump(column: number, fresh: boolean): Problem | null {
    const levels = this.#levels;
    const stale = (level: Level): boolean => level.indent > column || (fresh && level.indent === column);
    while (levels.length > 0 && stale(levels[levels.length - 1]!)) levels.pop();
    const top = levels[levels.length - 1];
    const level = top !== undefined && top.indent === column ? top : { indent: column, count: 0 };
    if (level !== top) levels.push(level);
    level.count += 1;
    this.#total += 1;
    if (level.count > MAX_KEYS_PER_MAPPING) {
      return this.#tooMany(
        column + 1,
        `more than ${MAX_KEYS_PER_MAPPING} keys or items in one mapping or list here`,
      );
    }
    return this.#total > MAX_ENTRIES
      ? this.#tooMany(column + 1, `more than ${MAX_ENTRIES} keys and items in the file`)
      : null;
  }

  /** The commas of the flow collections open on this line, from `from` on; quoted text and comments are skipped. */
  #flowEntries(line: string, from: number): Problem | null {
    const flow = this.#flow;
    for (let i = from; i < line.length; i++) {
      const c = line.charCodeAt(i);
      if (c === 0x5b || c === 0x7b) flow.push(1);
      else if (c === 0x5d || c === 0x7d) {
        flow.pop();
        if (flow.length === 0) break;
      } else if (c === 0x2c) {
        const count = (flow[flow.length - 1]! += 1);
        this.#total += 1;
        if (count > MAX_KEYS_PER_MAPPING) {
          return this.#tooMany(
            i + 1,
            `more than ${MAX_KEYS_PER_MAPPING} entries in one flow mapping or list here`,
          );
        }
        if (this.#total > MAX_ENTRIES) {
          return this.#tooMany(i + 1, `more than ${MAX_ENTRIES} keys and items in the file`);
        }
      } else if ((c === 0x22 || c === 0x27) && /[[{,:]\s*$/.test(line.slice(Math.max(from, i - 20), i))) {
        // A quoted scalar starts a token: its brackets and commas are text. It may not end on this line.
        const close = quotedEnd(line, i);
        if (close < 0) break;
        i = close;
      } else if (c === 0x23 && line.charCodeAt(i - 1) === 0x20) break; // a comment
    }
    return null;
  }

  #tooMany(column: number, what: string): Problem {
    return problemAt(
      { file: this.#file, line: this.#lineNumber, column },
      'too_complex',
      `${what}; a manifest needs far fewer, and reading this file would cost too much, so it was not read`,
    );
  }
}

/** Column where a flow collection opens as the value (or item) of this line; -1 when none does. */
function flowStart(content: string, indent: number): number {
  const match = VALUE_START.exec(content);
  return match === null ? -1 : indent + match[0].length;
}

/** Index of the quote that closes the quoted scalar opening at `open`, or -1 past the line's end. */
function quotedEnd(line: string, open: number): number {
  const quote = line[open];
  for (let i = open + 1; i < line.length; i++) {
    if (quote === '"' && line[i] === '\\') i++;
    else if (line[i] === quote) {
      if (quote === "'" && line[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}
