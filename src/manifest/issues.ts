import type * as z from 'zod';
import { suggest } from './suggest.ts';
import { problemAt } from './position-tree.ts';
import type { PositionMap } from './position-tree.ts';
import type { Problem, SourceLocation } from './types.ts';

// Zod issues -> problems a user can act on: each names the field as written
// (`publish.accounts[0].platform`), points at the key or value in the file
// (which may be a `_defaults.yml`), and says what to write instead.

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  valueType?: z.ZodType;
}

const WRAPPERS = new Set(['optional', 'default', 'prefault', 'nullable', 'readonly', 'catch', 'nonoptional']);

function defOf(schema: z.ZodType): Def {
  let def = schema.def as unknown as Def;
  for (;;) {
    const inner = WRAPPERS.has(def.type) ? def.innerType : def.type === 'pipe' ? def.in : undefined;
    if (inner === undefined) return def;
    def = inner.def;
  }
}

function childOf(schema: z.ZodType, segment: PropertyKey): z.ZodType | undefined {
  const def = defOf(schema);
  if (def.type === 'object') return def.shape?.[String(segment)];
  if (def.type === 'array') return def.element;
  if (def.type === 'record') return def.valueType;
  if (def.type === 'union') {
    for (const option of def.options ?? []) {
      const child = childOf(option, segment);
      if (child !== undefined) return child;
    }
  }
  return undefined;
}

function keysOf(schema: z.ZodType | undefined): string[] {
  if (schema === undefined) return [];
  const def = defOf(schema);
  if (def.type === 'object') return Object.keys(def.shape ?? {});
  if (def.type === 'union') return [...new Set((def.options ?? []).flatMap((option) => keysOf(option)))];
  return [];
}

function schemaAt(schema: z.ZodType, path: Path): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema;
  for (const segment of path) current = current === undefined ? undefined : childOf(current, segment);
  return current;
}

/** Every field of every mapping of the schema, by dotted path (`publish.made_for_kids`). */
function allFields(schema: z.ZodType, prefix = ''): string[] {
  const def = defOf(schema);
  if (def.type !== 'object') return [];
  return Object.entries(def.shape ?? {}).flatMap(([key, child]) => [
    `${prefix}${key}`,
    ...allFields(child, `${prefix}${key}.`),
  ]);
}

/** How a path is shown to users: `publish.accounts[0].id`. */
function showPath(path: Path): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out === '' ? 'the manifest' : out;
}

function dotted(path: Path): string {
  return path.map(String).join('.');
}

function valueAt(data: unknown, path: Path): unknown {
  let current = data;
  for (const segment of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    if (!Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (typeof value === 'string') {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return `the text ${JSON.stringify(shown)}`;
  }
  if (typeof value === 'number' || typeof value === 'bigint') return `the number ${String(value)}`;
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'a list';
  return 'a mapping';
}

function quoted(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : describe(value);
}

const EXPECTED: Record<string, string> = {
  string: 'text',
  boolean: 'true or false',
  // The manifest's only numbers are z.int() ones, which report 'number' for a non-number.
  number: 'a whole number',
  int: 'a whole number',
  array: 'a list',
  object: 'a mapping',
  record: 'a mapping',
};

function expected(name: string): string {
  return EXPECTED[name] ?? name;
}

/** Turns the issues of one validation into problems. */
export class IssueMapper {
  readonly #schema: z.ZodType;
  readonly #data: unknown;
  readonly #positions: PositionMap;
  readonly #fallback: SourceLocation;
  readonly #fields: string[];
  /** Fields some unknown key was taken to be a misspelling of. */
  readonly #hinted = new Set<string>();

  constructor(schema: z.ZodType, data: unknown, positions: PositionMap, fallback: SourceLocation) {
    this.#schema = schema;
    this.#data = data;
    this.#positions = positions;
    this.#fallback = fallback;
    this.#fields = allFields(schema);
  }

  map(issues: readonly Issue[]): Problem[] {
    this.#hinted.clear();
    const problems = issues.flatMap((issue) => this.#issue(issue, [], this.#schema));
    // A misspelt key is also reported missing; the spelling hint says it all.
    return problems.filter((p) => p.code !== 'missing_field' || !this.#hinted.has(p.field ?? ''));
  }

  #at(path: Path, part: 'key' | 'value'): SourceLocation {
    for (let end = path.length; end >= 0; end--) {
      const found = this.#positions.get(dotted(path.slice(0, end)));
      if (found) return (part === 'key' && end === path.length ? found.key : undefined) ?? found.value;
    }
    return this.#fallback;
  }

  #problem(path: Path, part: 'key' | 'value', code: string, message: string): Problem {
    return problemAt(this.#at(path, part), code, message, dotted(path));
  }

  #issue(issue: Issue, base: Path, schema: z.ZodType): Problem[] {
    const path = [...base, ...issue.path];
    const field = showPath(path);
    const value = valueAt(this.#data, path);
    switch (issue.code) {
      case 'unrecognized_keys':
        return issue.keys.map((key) => this.#unknownKey([...path, key], schemaAt(schema, issue.path)));
      case 'invalid_type':
        return [this.#invalidType(path, issue.expected, value)];
      case 'invalid_value': {
        const values = issue.values.map(String);
        const hint = typeof value === 'string' ? suggest(value, values) : undefined;
        const shown = typeof value === 'string' ? JSON.stringify(value) : describe(value);
        return [
          this.#problem(
            path,
            'value',
            'invalid_value',
            `${field} ${shown} is not one of ${values.join(', ')}${hint ? `; did you mean ${hint}?` : ''}`,
          ),
        ];
      }
      case 'too_small':
        if (issue.origin === 'string' || issue.origin === 'array') return [this.#empty(path)];
        return [
          this.#problem(path, 'value', 'invalid_value', `${field} must be ${String(issue.minimum)} or more`),
        ];
      case 'invalid_format':
        if (typeof value === 'string' && value.trim() === '') return [this.#empty(path)];
        if (issue.format === 'datetime') {
          return [
            this.#problem(
              path,
              'value',
              'invalid_format',
              `${field} ${quoted(value)} is not an ISO 8601 instant with a zone; write it like 2026-12-01T15:00:00Z`,
            ),
          ];
        }
        return [
          this.#problem(
            path,
            'value',
            'invalid_format',
            `${field} ${quoted(value)} is not one hashtag; write one word per entry, with or without #`,
          ),
        ];
      case 'custom': {
        const code = typeof issue.params?.['code'] === 'string' ? issue.params['code'] : 'invalid_value';
        // A check of one value says what is wrong with it; the field it is in is named here, as written.
        const message = issue.params?.['ofValue'] === true ? `${field} ${issue.message}` : issue.message;
        return [this.#problem(path, 'value', code, message)];
      }
      case 'invalid_union':
        return this.#union(issue, path, schemaAt(schema, issue.path), value);
      default:
        return [this.#problem(path, 'value', 'invalid_value', `${field}: ${issue.message}`)];
    }
  }

  #empty(path: Path): Problem {
    return this.#problem(
      path,
      'value',
      'empty_value',
      `${showPath(path)} is empty; give it a value or remove the line`,
    );
  }

  #unknownKey(path: Path, parent: z.ZodType | undefined): Problem {
    const key = String(path[path.length - 1]);
    const field = showPath(path);
    const known = keysOf(parent);
    const local = suggest(key, known);
    let hint: string;
    if (local !== undefined) {
      hint = `; did you mean ${local}?`;
    } else {
      const here = path
        .slice(0, -1)
        .filter((segment) => typeof segment !== 'number')
        .join('.');
      const leaf = (f: string): string => f.slice(f.lastIndexOf('.') + 1);
      const parentOf = (f: string): string => f.slice(0, Math.max(0, f.lastIndexOf('.')));
      const name = suggest(key, [...new Set(this.#fields.map(leaf))]);
      const moved = this.#fields.find((f) => leaf(f) === name && parentOf(f) !== here);
      if (moved !== undefined) {
        hint = `; did you mean ${moved}? It belongs ${parentOf(moved) === '' ? 'at the top level' : `under ${parentOf(moved)}`}`;
      } else {
        hint = known.length > 0 ? `; the fields here are ${known.join(', ')}` : '';
      }
    }
    if (local !== undefined) this.#hinted.add(dotted([...path.slice(0, -1), local]));
    return this.#problem(path, 'key', 'unknown_key', `${field} is not a field${hint}`);
  }

  #invalidType(path: Path, expectedType: string, value: unknown): Problem {
    const field = showPath(path);
    if (value === undefined) {
      const why = path.length === 1 && path[0] === 'title' ? '; every manifest needs a title' : '';
      return this.#problem(path, 'value', 'missing_field', `${field} is missing${why}`);
    }
    if (value === null) {
      return this.#problem(
        path,
        'value',
        'empty_value',
        `${field} has no value; give it one or remove the line`,
      );
    }
    let advice = '';
    if (expectedType === 'boolean' && typeof value === 'string')
      advice = '; write true or false without quotes';
    if (expectedType === 'string' && (typeof value === 'number' || typeof value === 'boolean')) {
      advice = '; put it in quotes';
    }
    return this.#problem(
      path,
      'value',
      'wrong_type',
      `${field} must be ${expected(expectedType)}, not ${describe(value)}${advice}`,
    );
  }

  #union(
    issue: Extract<Issue, { code: 'invalid_union' }>,
    path: Path,
    schema: z.ZodType | undefined,
    value: unknown,
  ): Problem[] {
    const field = showPath(path);
    const isAccount = /^publish\.accounts\.\d+$/.test(dotted(path));
    if (isAccount && typeof value === 'string') {
      const shown = JSON.stringify(value);
      return [
        this.#problem(
          path,
          'value',
          'plain_string_account',
          `${field} is a plain string; write {id: ${shown}} for an account id, or {platform: YouTube, name: ${shown}} for an account name`,
        ),
      ];
    }
    if (isAccount && typeof value === 'object' && value !== null && 'id' in value) {
      if ('platform' in value || 'name' in value) {
        return [
          this.#problem(
            path,
            'value',
            'ambiguous_account',
            `${field} gives both an id and a platform or name; keep one form: {id: …} or {platform: …, name: …}`,
          ),
        ];
      }
    }
    const options = schema === undefined ? [] : (defOf(schema).options ?? []);
    const shapeMismatch = (errors: readonly Issue[]): boolean =>
      errors.every((e) => e.code === 'invalid_type' && e.path.length === 0);
    const weight = (errors: readonly Issue[]): number =>
      errors.reduce((sum, e) => sum + (e.code === 'unrecognized_keys' ? e.keys.length : 1), 0);
    let chosen = -1;
    issue.errors.forEach((errors, index) => {
      if (shapeMismatch(errors)) return;
      if (chosen === -1 || weight(errors) < weight(issue.errors[chosen] ?? [])) chosen = index;
    });
    const branch = options[chosen];
    if (chosen === -1 || branch === undefined) {
      const kinds = issue.errors.flatMap((errors) =>
        errors.flatMap((e) => (e.code === 'invalid_type' ? [expected(e.expected)] : [])),
      );
      return [
        this.#problem(
          path,
          'value',
          'wrong_type',
          `${field} must be ${[...new Set(kinds)].join(' or ')}, not ${describe(value)}`,
        ),
      ];
    }
    return (issue.errors[chosen] ?? []).flatMap((inner) => this.#issue(inner, path, branch));
  }
}
