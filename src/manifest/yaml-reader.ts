import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import type { Alias, Document, Node as YamlNode, Scalar, YAMLError, YAMLMap } from 'yaml';
import { costProblem } from './cost.ts';
import { FORBIDDEN_KEYS, problemAt } from './position-tree.ts';
import type { LEntry, LNode, Source } from './position-tree.ts';
import type { Problem, SourceLocation } from './types.ts';
import { explainYamlSlip } from './yaml-slips.ts';

// YAML text -> a located tree, through the yaml library: any YAML, and every
// syntax error worded for the user.
//
// We walk the YAML nodes ourselves instead of calling `toJS()`: it lets us bound
// alias expansion and depth, refuse `__proto__`, and keep positions.

/** Deeper nesting than this is refused: no manifest needs it, and it guards the stack. */
const MAX_DEPTH = 64;
/** Values a file may expand to, aliases included: an alias bomb stops here. */
const MAX_NODES = 100_000;

class Abort extends Error {}

const CORE = 'tag:yaml.org,2002:';
/**
 * The explicit tags a manifest may carry: the core schema's plain ones,
 * which give the values a manifest holds anyway. Every other tag (!!binary,
 * !!set, !!omap, !!pairs, !!timestamp, !!merge, a custom !foo) would make
 * a value no manifest field takes: a Buffer, a Set, a Date, which the worker
 * threads' structured clone changes (parse-pool.ts), and which would reach
 * the service in another JSON shape than was written.
 */
const PLAIN_TAGS = new Set(['str', 'int', 'float', 'bool', 'null', 'map', 'seq'].map((name) => CORE + name));

/** A tag as written: `!!binary` for the core prefix, else as the parser resolved it. */
function tagText(tag: string): string {
  return tag.startsWith(CORE) ? `!!${tag.slice(CORE.length)}` : tag;
}

function keyText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return 'null';
}

/** Brackets opened beyond this are refused before parsing: the parser slows down badly on them. */
const MAX_FLOW_DEPTH = 1000;

/**
 * Offset of the bracket that opens one level too many, or -1. Counts brackets
 * inside quotes too: a manifest has no reason to hold a thousand of them.
 */
function flowDepthOverflow(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_FLOW_DEPTH) return i;
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) {
      depth--;
    }
  }
  return -1;
}

/** Errors whose sentence below already says what to do. */
const WORDED_CODES = new Set(['DUPLICATE_KEY', 'MULTIPLE_DOCS', 'RESOURCE_EXHAUSTION']);

/** A YAML error as a code and a sentence; the parser's own words where they already teach. */
function syntaxProblem(error: YAMLError, text: string): [string, string] {
  const first = error.message.split('\n')[0] ?? error.message;
  switch (error.code) {
    case 'DUPLICATE_KEY': {
      const end = text.indexOf('\n', error.pos[0]);
      const line = text.slice(error.pos[0], end === -1 ? undefined : end);
      const key = line.split(':')[0]?.trim() || 'a key';
      return ['duplicate_key', `${key} is written twice in the same mapping; keep one`];
    }
    case 'MULTIPLE_DOCS':
      return ['yaml_syntax', 'the file holds more than one YAML document (---); keep one manifest per file'];
    case 'TAB_AS_INDENT':
      return ['yaml_syntax', 'YAML: a tab indents this line; indent with spaces'];
    default:
      if (/call stack/i.test(first)) return ['too_deep', 'the YAML is nested too deeply to read'];
      return [error.code === 'RESOURCE_EXHAUSTION' ? 'too_complex' : 'yaml_syntax', `YAML: ${first}`];
  }
}

/** Parses one file's text into a located tree. Never throws. */
export function readSource(file: string, text: string): Source {
  const unread = (problem: Problem): Source => ({ file, root: null, problems: [problem] });
  const refused = refusedBeforeParsing(file, text);
  if (refused !== null) return unread(refused);
  const lineCounter = new LineCounter();
  const doc = parseYaml(text, lineCounter);
  const start: SourceLocation = { file, line: 1, column: 1 };
  if (doc === null) return unread(problemAt(start, 'too_deep', 'the YAML is nested too deeply to read'));
  const at = (offset: number | undefined): SourceLocation => {
    const { line, col } = lineCounter.linePos(offset ?? 0);
    return { file, line, column: col };
  };
  const problems = syntaxProblems(doc, text, at);
  if (problems.length > 0) return { file, root: null, problems };
  problems.push(...warningsOf(doc, at));
  if (doc.contents === null || (isScalar(doc.contents) && doc.contents.value === null)) {
    return unread(
      problemAt(start, 'empty_file', 'the file is empty; a manifest needs at least a line like "title: …"'),
    );
  }
  return treeOf(file, doc, at, problems);
}

/**
 * What is refused on the raw text, before the parser, whose cost grows with
 * the square of a mapping's keys and which slows down badly on deep brackets.
 */
function refusedBeforeParsing(file: string, text: string): Problem | null {
  const costly = costProblem(file, text);
  if (costly !== null) return costly;
  const tooDeep = flowDepthOverflow(text);
  if (tooDeep === -1) return null;
  // Only the lines before the offending bracket are counted: the rest is never read.
  const lineCounter = new LineCounter();
  lineCounter.addNewLine(0);
  for (let i = text.indexOf('\n'); i !== -1 && i < tooDeep; i = text.indexOf('\n', i + 1))
    lineCounter.addNewLine(i + 1);
  const { line, col } = lineCounter.linePos(tooDeep);
  return problemAt(
    { file, line, column: col },
    'too_deep',
    `brackets are nested more than ${MAX_FLOW_DEPTH} deep here`,
  );
}

/** The yaml library's document, or null when the parser ran out of stack. */
function parseYaml(text: string, lineCounter: LineCounter): Document.Parsed | null {
  try {
    return parseDocument(text, {
      lineCounter,
      version: '1.2',
      schema: 'core',
      merge: false,
      uniqueKeys: true,
      prettyErrors: false,
    });
  } catch {
    // The parser recurses; a pathological file can exhaust the stack.
    return null;
  }
}

type Locate = (offset: number | undefined) => SourceLocation;

/** The document's errors, each once, worded for the user. */
function syntaxProblems(doc: Document.Parsed, text: string, at: Locate): Problem[] {
  const problems: Problem[] = [];
  for (const error of doc.errors) {
    // A tab or a block line that lost its indentation, named as such, where one explains the error.
    const slip = WORDED_CODES.has(error.code) ? null : explainYamlSlip(text, error.pos[0]);
    const [code, message] = slip ? ['yaml_syntax', slip.message] : syntaxProblem(error, text);
    // A stack overflow is reported at every level it unwinds through; once is enough.
    if (code === 'too_deep' && problems.some((p) => p.code === 'too_deep')) continue;
    if (slip && problems.some((p) => p.message === slip.message)) continue;
    problems.push(problemAt(at(slip?.offset ?? error.pos[0]), code, message));
  }
  return problems;
}

/** The parser's warnings; an unresolved tag is left out: the walk names every tag it does not read. */
function warningsOf(doc: Document.Parsed, at: Locate): Problem[] {
  const refused = (message: string): boolean => {
    const tag = /^Unresolved tag: (\S+)/.exec(message)?.[1];
    return tag !== undefined && !PLAIN_TAGS.has(tag);
  };
  return doc.warnings
    .filter((warning) => !refused(warning.message))
    .map((warning) => {
      const message = warning.message.split('\n')[0] ?? warning.message;
      return problemAt(at(warning.pos[0]), 'yaml_warning', `YAML: ${message}`, undefined, 'warning');
    });
}

/**
 * A scalar's value; one under a tag the walk does not read is its text as
 * written (a !!binary value would otherwise be bytes, in one shape here and
 * another after a worker's structured clone).
 */
function scalarValue(node: Scalar): unknown {
  if (node.tag === undefined || PLAIN_TAGS.has(node.tag)) return node.value;
  return typeof node.source === 'string' ? node.source : String(node.value);
}

/** The document as a located tree whose root is a mapping, or the problems that stopped it. */
function treeOf(file: string, doc: Document.Parsed, at: Locate, problems: Problem[]): Source {
  let root: LNode;
  const builder = new TreeBuilder(at, problems);
  try {
    root = builder.convert(doc.contents, 0, null, 0);
  } catch (error) {
    if (error instanceof Abort) return { file, root: null, problems };
    throw error;
  }
  if (root.kind === 'map') return { file, root, problems };
  const what = root.kind === 'seq' ? 'a list' : 'a single value';
  problems.push(
    problemAt(
      root.pos,
      'not_a_mapping',
      `the file holds ${what}, not a mapping of fields; a manifest starts with a line like "title: …"`,
    ),
  );
  return { file, root: null, problems };
}

/**
 * Walks the YAML nodes into located values, within MAX_NODES and MAX_DEPTH.
 * A problem that stops the walk is recorded, then Abort unwinds it.
 */
class TreeBuilder {
  readonly #at: Locate;
  readonly #problems: Problem[];
  // Aliases point to the most recent earlier anchor of that name; anchors are
  // recorded in document order during the main walk only.
  readonly #anchors = new Map<string, YamlNode>();
  #count = 0;
  /** Where a tag was refused, each place once (an alias expands the same node again). */
  readonly #tagged = new Set<number>();

  constructor(at: Locate, problems: Problem[]) {
    this.#at = at;
    this.#problems = problems;
  }

  /**
   * One node at `depth`. While an alias is expanded, `origin` is where that
   * alias is written: an alias bomb is reported there, not deep inside what it
   * expands to. `fallback` locates a node the parser gave no range.
   */
  convert(node: YamlNode | null, depth: number, origin: number | null, fallback: number): LNode {
    if (++this.#count > MAX_NODES) {
      this.#stop(
        origin ?? node?.range?.[0] ?? fallback,
        'too_complex',
        `the file expands to more than ${MAX_NODES} values (aliases included); a manifest needs far fewer`,
      );
    }
    if (depth > MAX_DEPTH) {
      this.#stop(
        node?.range?.[0] ?? fallback,
        'too_deep',
        `values are nested more than ${MAX_DEPTH} levels deep here`,
      );
    }
    if (node === null) return { kind: 'scalar', pos: this.#at(fallback), value: null };
    if (origin === null && node.anchor) this.#anchors.set(node.anchor, node);
    if (isAlias(node)) return this.#alias(node, depth, origin, fallback);
    const pos = this.#at(node.range?.[0]);
    if (node.tag !== undefined && !PLAIN_TAGS.has(node.tag)) this.#ignoreTag(node.tag, node, fallback);
    if (isMap(node)) return { kind: 'map', pos, entries: this.#entries(node, depth, origin, fallback) };
    if (isSeq(node)) {
      const start = node.range?.[0] ?? fallback;
      const items = node.items.map((item) => this.convert(item as YamlNode | null, depth + 1, origin, start));
      return { kind: 'seq', pos, items };
    }
    return { kind: 'scalar', pos, value: isScalar(node) ? scalarValue(node) : null };
  }

  /** What the alias names, expanded where it is written. */
  #alias(node: Alias, depth: number, origin: number | null, fallback: number): LNode {
    const written = node.range?.[0] ?? fallback;
    const target = this.#anchors.get(node.source);
    if (target === undefined) this.#stop(written, 'yaml_syntax', `YAML: unknown alias *${node.source}`);
    return this.convert(target, depth + 1, origin ?? written, written);
  }

  /** A mapping's entries; a key that is no plain word, or that would write a prototype, is left out. */
  #entries(node: YAMLMap, depth: number, origin: number | null, fallback: number): Map<string, LEntry> {
    const entries = new Map<string, LEntry>();
    for (const pair of node.items) {
      const keyNode = pair.key as YamlNode | null;
      const keyOffset = keyNode?.range?.[0] ?? node.range?.[0] ?? fallback;
      if (keyNode !== null && !isScalar(keyNode)) {
        this.#note(keyOffset, 'bad_key', 'a key must be a plain word, not a list or a mapping');
        continue;
      }
      const key = keyText(keyNode?.value);
      if (FORBIDDEN_KEYS.has(key)) {
        this.#note(keyOffset, 'forbidden_key', `${key} is not allowed as a key`);
        continue;
      }
      const valueOffset = (pair.value as YamlNode | null)?.range?.[0] ?? keyNode?.range?.[1] ?? keyOffset;
      entries.set(key, {
        keyPos: this.#at(keyOffset),
        value: this.convert(pair.value as YamlNode | null, depth + 1, origin, valueOffset),
      });
    }
    return entries;
  }

  /**
   * A tag no manifest needs, named where its value starts: the value is read
   * as written (the text of a scalar, the plain mapping or list), so that it
   * is the same wherever the file is parsed and reaches the service as the
   * file shows it. A warning, not an error: nothing depends on the tag.
   */
  #ignoreTag(tag: string, node: YamlNode, fallback: number): void {
    const offset = node.range?.[0] ?? fallback;
    if (this.#tagged.has(offset)) return;
    this.#tagged.add(offset);
    this.#problems.push(
      problemAt(
        this.#at(offset),
        'yaml_tag',
        `the YAML tag ${JSON.stringify(tagText(tag))} is not read in a manifest: the value is taken as written; remove the tag (only !!str, !!int, !!float, !!bool, !!null, !!map and !!seq are read)`,
        undefined,
        'warning',
      ),
    );
  }

  #note(offset: number, code: string, message: string): void {
    this.#problems.push(problemAt(this.#at(offset), code, message));
  }

  #stop(offset: number, code: string, message: string): never {
    this.#note(offset, code, message);
    throw new Abort();
  }
}
