import { FORBIDDEN_KEYS } from './tree.ts';
import type { LEntry, LNode, Source } from './tree.ts';

// Manifests are written in a small, plain part of YAML: block mappings and
// lists, one-line scalars, `|` scripts and one-line `[…]`/`{…}`. This reads
// exactly that part, line by line, without the yaml library, so that the
// action's start-up does not load and warm up a full YAML parser for ten files.
//
// It is a fast path, not a second parser: it returns null for anything it is
// not certain of (anchors, tags, multi-line plain scalars, folded scalars,
// nulls, numbers other than plain integers, odd indentation, duplicate keys…),
// and the caller then reads the file with the yaml library, which also writes
// every error message. test/manifest/read-simple.test.ts holds the two readers
// to the same tree, positions included, on every file it returns.

/** Thrown to give up on a file; caught once, at the top. */
class NotSimple extends Error {}

const decline = (): never => {
  throw new NotSimple();
};

/**
 * Bigger files, and deeper nesting, go to the full reader, which enforces the
 * limits on values and depth: no manifest comes near either.
 */
const MAX_SIMPLE_LENGTH = 64 * 1024;
const MAX_SIMPLE_DEPTH = 16;

/** Characters the fast path leaves to the full parser: tabs, CR, controls, BOM, odd line breaks. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const UNUSUAL_CHARACTERS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff]/;
const BLANK_OR_COMMENT = /^ *(?:#.*)?$/;
/** A key the fast path accepts: a word, followed by `:` and a space or the end of the line. */
const ENTRY = /^([A-Za-z_][A-Za-z0-9_-]*):(?: +|$)/;
/** After a quoted scalar or a flow collection: nothing, or a comment after a space. */
const TRAILER = /^(?: *| +#.*)$/;

// The YAML 1.2 core schema's plain scalars that are not strings (the yaml
// library's own tests, src/schema/core). A plain integer is read here; every
// other one goes to the full parser.
const CORE_NULL = /^(?:~|[Nn]ull|NULL)?$/;
const CORE_BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const CORE_NUMBER =
  /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?)$/;
const SAFE_INTEGER = /^(?:0|[1-9][0-9]{0,14})$/;
/** Characters that cannot start a plain scalar, or start what the fast path leaves alone. */
const INDICATORS = '-?:,[]{}#&*!|>\'"%@`';
/** A `- ` list item (or a lone `-`) at the start of what follows the indentation. */
const LIST_ITEM = /^- |^-$/;
/** Escapes that mean the same in YAML's double quotes and in JSON. */
const JSON_ESCAPES = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/g;

/** The value of a plain scalar as the core schema resolves it; never null (a null value is left to the full parser). */
function resolvePlain(text: string): string | number | boolean {
  if (CORE_NULL.test(text)) return decline();
  if (CORE_BOOL.test(text)) return text[0] === 't' || text[0] === 'T';
  if (CORE_NUMBER.test(text)) return SAFE_INTEGER.test(text) ? Number(text) : decline();
  return text;
}

/** A key the fast path can take: a string to the core schema, allowed, and not yet in its mapping. */
function newKey(key: string, entries: ReadonlyMap<string, LEntry>): void {
  if (resolvePlain(key) !== key || FORBIDDEN_KEYS.has(key) || entries.has(key)) decline();
}

class Reader {
  readonly #file: string;
  readonly #lines: string[];
  #row = 0;

  constructor(file: string, text: string) {
    this.#file = file;
    this.#lines = text.split('\n');
  }

  #at(row: number, column: number): LNode['pos'] {
    return { file: this.#file, line: row + 1, column: column + 1 };
  }

  /** Moves to the next line with content; its indentation, or -1 at the end of the file. */
  #nextContent(): number {
    while (this.#row < this.#lines.length && BLANK_OR_COMMENT.test(this.#lines[this.#row]!)) this.#row++;
    if (this.#row === this.#lines.length) return -1;
    const line = this.#lines[this.#row]!;
    return line.length - line.trimStart().length;
  }

  document(): LNode {
    if (this.#nextContent() !== 0) return decline();
    const root = this.#mapping(0, 0);
    if (this.#nextContent() !== -1) decline();
    return root;
  }

  /** A block mapping whose first key starts at `column` of the current line; later keys start lines there. */
  #mapping(column: number, depth: number): LNode {
    if (depth > MAX_SIMPLE_DEPTH) decline();
    const pos = this.#at(this.#row, column);
    const entries = new Map<string, LEntry>();
    for (;;) {
      const row = this.#row;
      const line = this.#lines[row]!;
      const match = ENTRY.exec(line.slice(column));
      if (match === null) return decline();
      const key = match[1]!;
      newKey(key, entries);
      const keyPos = this.#at(row, column);
      const valueColumn = column + match[0].length;
      let value: LNode;
      if (valueColumn === line.length || line[valueColumn] === '#') {
        this.#row++;
        const indent = this.#nextContent();
        const nested =
          indent > column || (indent === column && LIST_ITEM.test(this.#lines[this.#row]!.slice(indent)));
        if (!nested) return decline(); // a key with no value is null: left to the full parser
        value = this.#block(indent, depth + 1);
      } else if (line[valueColumn] === '|') {
        value = this.#literal(row, valueColumn, column);
      } else {
        value = this.#inline(line, row, valueColumn, depth + 1);
        this.#row++;
      }
      entries.set(key, { keyPos, value });
      const indent = this.#nextContent();
      if (indent < column) return { kind: 'map', pos, entries };
      // Deeper than the keys: a plain scalar going on over lines, or a stray line.
      if (indent > column) decline();
    }
  }

  /** A block mapping or list whose lines start at `indent`. */
  #block(indent: number, depth: number): LNode {
    const rest = this.#lines[this.#row]!.slice(indent);
    return rest.startsWith('-') ? this.#sequence(indent, depth) : this.#mapping(indent, depth);
  }

  /** A block list whose `-` items start lines at `indent`. */
  #sequence(indent: number, depth: number): LNode {
    if (depth > MAX_SIMPLE_DEPTH) decline();
    const pos = this.#at(this.#row, indent);
    const items: LNode[] = [];
    for (;;) {
      const row = this.#row;
      const line = this.#lines[row]!;
      const dash = /^- +/.exec(line.slice(indent));
      if (dash === null) return decline();
      const column = indent + dash[0].length;
      if (column === line.length || line[column] === '#') decline(); // an item on the next lines
      if (ENTRY.test(line.slice(column))) {
        // `- key: value`, more keys below it at the same column.
        items.push(this.#mapping(column, depth + 1));
      } else {
        items.push(this.#inline(line, row, column, depth + 1));
        this.#row++;
      }
      const next = this.#nextContent();
      if (next < indent || (next === indent && !LIST_ITEM.test(this.#lines[this.#row]!.slice(indent)))) {
        return { kind: 'seq', pos, items };
      }
      if (next > indent) decline();
    }
  }

  /** A value written on the line of its key or dash: a scalar or a one-line flow collection. */
  #inline(line: string, row: number, column: number, depth: number): LNode {
    const first = line[column]!;
    if (first === '[' || first === '{') {
      const flow = new FlowReader(line, column, (at) => this.#at(row, at));
      const node = first === '[' ? flow.sequence() : flow.mapping(depth);
      if (!TRAILER.test(line.slice(flow.end))) decline();
      return node;
    }
    if (first === '"' || first === "'") {
      const [value, end] = quoted(line, column);
      if (!TRAILER.test(line.slice(end))) decline();
      return { kind: 'scalar', pos: this.#at(row, column), value };
    }
    if (INDICATORS.includes(first)) decline();
    const comment = line.indexOf(' #', column);
    const text = line.slice(column, comment === -1 ? undefined : comment).trimEnd();
    if (text.includes(': ') || text.endsWith(':')) decline();
    return { kind: 'scalar', pos: this.#at(row, column), value: resolvePlain(text) };
  }

  /**
   * A `|` or `|-` literal scalar: the script fields. Its lines keep their line
   * breaks; `|` ends with exactly one, `|-` with none. Lines of spaces beyond
   * the indentation, a first line that is empty and `|+` are left to the full parser.
   */
  #literal(row: number, column: number, parentIndent: number): LNode {
    const header = this.#lines[row]!.slice(column);
    const chomp = header[1] === '-' ? 'strip' : 'clip';
    if (!TRAILER.test(header.slice(chomp === 'strip' ? 2 : 1))) decline();
    const first = this.#lines[row + 1];
    const indent = first === undefined ? 0 : first.length - first.trimStart().length;
    if (first === undefined || first.trim() === '' || indent <= parentIndent) decline();
    const body: string[] = [];
    let next = row + 1;
    for (; next < this.#lines.length; next++) {
      const line = this.#lines[next]!;
      if (line.trim() === '') {
        if (line.length > indent) decline();
        body.push('');
      } else if (line.length - line.trimStart().length >= indent) {
        body.push(line.slice(indent));
      } else {
        break;
      }
    }
    while (body.at(-1) === '') body.pop();
    this.#row = next;
    const text = body.join('\n');
    return { kind: 'scalar', pos: this.#at(row, column), value: chomp === 'strip' ? text : `${text}\n` };
  }
}

/** A one-line `[a, "b"]` or `{k: v, k2: 'w'}` of scalars, from `start` (the bracket) of `line`. */
class FlowReader {
  readonly #line: string;
  readonly #at: (column: number) => LNode['pos'];
  end: number;

  constructor(line: string, start: number, at: (column: number) => LNode['pos']) {
    this.#line = line;
    this.#at = at;
    this.end = start;
  }

  #skipSpaces(): void {
    while (this.#line[this.end] === ' ') this.end++;
  }

  /** After an item: `,` and another item, or the closing bracket (true). A trailing comma is left alone. */
  #closes(close: string): boolean {
    this.#skipSpaces();
    const c = this.#line[this.end];
    this.end++;
    if (c === close) return true;
    if (c !== ',') return decline();
    this.#skipSpaces();
    if (this.#line[this.end] === close) decline();
    return false;
  }

  #scalar(): LNode {
    const start = this.end;
    const first = this.#line[start];
    if (first === '"' || first === "'") {
      const [value, end] = quoted(this.#line, start);
      this.end = end;
      return { kind: 'scalar', pos: this.#at(start), value };
    }
    const match = /^[^,[\]{}#:&*!|>'"%@`?\- ][^,[\]{}#:]*/.exec(this.#line.slice(start));
    if (match === null) return decline();
    const text = match[0].trimEnd();
    this.end = start + text.length;
    return { kind: 'scalar', pos: this.#at(start), value: resolvePlain(text) };
  }

  sequence(): LNode {
    const pos = this.#at(this.end);
    this.end++;
    this.#skipSpaces();
    const items: LNode[] = [];
    if (this.#line[this.end] === ']') {
      this.end++;
      return { kind: 'seq', pos, items };
    }
    do items.push(this.#scalar());
    while (!this.#closes(']'));
    return { kind: 'seq', pos, items };
  }

  mapping(depth: number): LNode {
    if (depth > MAX_SIMPLE_DEPTH) decline();
    const pos = this.#at(this.end);
    this.end++;
    this.#skipSpaces();
    const entries = new Map<string, LEntry>();
    if (this.#line[this.end] === '}') {
      this.end++;
      return { kind: 'map', pos, entries };
    }
    do {
      const match = /^([A-Za-z_][A-Za-z0-9_-]*): +/.exec(this.#line.slice(this.end));
      if (match === null) return decline();
      const key = match[1]!;
      newKey(key, entries);
      const keyPos = this.#at(this.end);
      this.end += match[0].length;
      entries.set(key, { keyPos, value: this.#scalar() });
    } while (!this.#closes('}'));
    return { kind: 'map', pos, entries };
  }
}

/** A one-line quoted scalar starting at `start`: its value and the column after its closing quote. */
function quoted(line: string, start: number): [string, number] {
  const quote = line[start]!;
  if (quote === "'") {
    let end = start + 1;
    for (;;) {
      end = line.indexOf("'", end);
      if (end === -1) return decline();
      if (line[end + 1] !== "'") break;
      end += 2;
    }
    return [line.slice(start + 1, end).replaceAll("''", "'"), end + 1];
  }
  let end = start + 1;
  while (end < line.length && line[end] !== '"') end += line[end] === '\\' ? 2 : 1;
  if (end >= line.length) return decline();
  const body = line.slice(start + 1, end);
  if (body.includes('\\') && body.replace(JSON_ESCAPES, '').includes('\\')) decline();
  return [JSON.parse(`"${body}"`) as string, end + 1];
}

/**
 * Reads a manifest or defaults file written in the plain block style, or
 * returns null so that the full YAML reader takes it: the tree is then the
 * same as that reader's, with no problem to report.
 */
export function readSimpleSource(file: string, text: string): Source | null {
  if (text.length > MAX_SIMPLE_LENGTH || UNUSUAL_CHARACTERS.test(text)) return null;
  try {
    return { file, root: new Reader(file, text).document(), problems: [] };
  } catch (error) {
    if (error instanceof NotSimple) return null;
    throw error;
  }
}
