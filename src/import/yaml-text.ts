import { Document, isMap, isScalar, parse, Scalar, visit } from 'yaml';

// One imported manifest as YAML text that loads back to exactly the values it
// was written from. The yaml library's Document API chooses the chomping of
// block scalars (`|-`, `|`, `|+`) and the indentation indicator for text that
// starts with spaces; what it leaves plain is quoted here when another YAML
// reader could take it for something else: YAML 1.1 reads `yes`, `on` and
// `1:20` as a boolean and a number, where the 1.2 core schema keeps strings.

export interface TextOptions {
  /** Comment lines written above the first key (without `#`). */
  header: readonly string[];
  /** Comments written after a key's value on the same line, by top-level key. */
  inline?: Readonly<Record<string, string>>;
}

/** Lines that end in a blank: an editor that trims them would change the text silently. */
const TRAILING_BLANK = /[ \t](?:\n|$)/;

function readsBackAs(plain: string, value: string): boolean {
  for (const version of ['1.1', '1.2'] as const) {
    try {
      if (parse(plain, { version, logLevel: 'silent' }) !== value) return false;
    } catch {
      return false;
    }
  }
  return true;
}

export function styleOf(value: string): Scalar.Type | undefined {
  if (value.includes('\n')) {
    // Literal blocks keep every character but carriage returns, other line
    // breaks, control characters and blanks at the end of a line.
    // eslint-disable-next-line no-control-regex -- control characters are what it looks for
    const unusual = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff]/.test(value);
    return unusual || TRAILING_BLANK.test(value) ? Scalar.QUOTE_DOUBLE : Scalar.BLOCK_LITERAL;
  }
  return readsBackAs(value, value) ? undefined : Scalar.QUOTE_DOUBLE;
}

function build(value: Record<string, unknown>, options: TextOptions, quoteAll: boolean): Document {
  const doc = new Document(value);
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value !== 'string') return;
      const style = quoteAll ? Scalar.QUOTE_DOUBLE : styleOf(node.value);
      if (style !== undefined) node.type = style;
    },
  });
  if (options.header.length > 0) doc.commentBefore = options.header.map((line) => ` ${line}`).join('\n');
  const root = doc.contents;
  if (isMap(root)) {
    for (const pair of root.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      const comment = options.inline?.[key];
      if (comment === undefined || !isScalar(pair.value)) continue;
      pair.value.comment = ` ${comment}`;
    }
  }
  return doc;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The manifest's text. Each rendering is read back before it is returned;
 * should the library ever write a scalar that does not read back, every
 * string is double-quoted (JSON-like escapes always do).
 */
export function manifestText(value: Record<string, unknown>, options: TextOptions): string {
  for (const quoteAll of [false, true]) {
    const text = build(value, options, quoteAll).toString({
      lineWidth: 0,
      blockQuote: 'literal',
      // The library's own folding of long double-quoted text can lose a `\ ` escape.
      doubleQuotedAsJSON: true,
    });
    if (sameJson(parse(text), value)) return text;
  }
  throw new Error(`The manifest of "${String(value['title'])}" cannot be written as YAML that reads back.`);
}
