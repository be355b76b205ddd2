import type { Problem, SourceLocation } from './types.ts';

// A manifest as a tree that remembers, for every value and every key, the
// file, line and column it was written at. yaml-reader.ts builds it with the
// yaml library. Defaults are merged on this tree, so a value
// inherited from a `_defaults.yml` keeps its position in that file.

export type LNode =
  | { kind: 'map'; pos: SourceLocation; entries: Map<string, LEntry> }
  | { kind: 'seq'; pos: SourceLocation; items: LNode[] }
  | { kind: 'scalar'; pos: SourceLocation; value: unknown };

export interface LEntry {
  keyPos: SourceLocation;
  value: LNode;
}

/** A parsed file: its tree (null when unusable) and what went wrong reading it. */
export interface Source {
  file: string;
  root: LNode | null;
  problems: Problem[];
}

/** Keys refused in any mapping: they would write to an object's prototype. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__']);

export function problemAt(
  location: SourceLocation,
  code: string,
  message: string,
  field?: string,
  severity: Problem['severity'] = 'error',
): Problem {
  return {
    severity,
    code,
    file: location.file,
    line: location.line,
    column: location.column,
    ...(field === undefined ? {} : { field }),
    message,
  };
}

/** Deep-merges `over` onto `base`: mappings merge key by key, everything else (lists too) replaces. */
export function mergeTrees(base: LNode, over: LNode): LNode {
  if (base.kind !== 'map' || over.kind !== 'map') return over;
  const entries = new Map(base.entries);
  for (const [key, entry] of over.entries) {
    const inherited = entries.get(key);
    entries.set(
      key,
      inherited ? { keyPos: entry.keyPos, value: mergeTrees(inherited.value, entry.value) } : entry,
    );
  }
  return { kind: 'map', pos: over.pos, entries };
}

/** Where each dotted path is written: `key` for mapping entries, `value` for the value itself. */
export type PositionMap = Map<string, { key?: SourceLocation; value: SourceLocation }>;

/** The plain value of a tree, and the position of every path in it. */
export function toPlain(root: LNode): { value: unknown; positions: PositionMap } {
  const positions: PositionMap = new Map();
  const walk = (node: LNode, path: string, key?: SourceLocation): unknown => {
    positions.set(path, key === undefined ? { value: node.pos } : { key, value: node.pos });
    const prefix = path === '' ? '' : `${path}.`;
    if (node.kind === 'scalar') return node.value;
    if (node.kind === 'seq') return node.items.map((item, index) => walk(item, `${prefix}${index}`));
    const object: Record<string, unknown> = {};
    for (const [name, entry] of node.entries) {
      // defineProperty: a key is always an own property, never a prototype write.
      Object.defineProperty(object, name, {
        value: walk(entry.value, `${prefix}${name}`, entry.keyPos),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return object;
  };
  return { value: walk(root, ''), positions };
}
