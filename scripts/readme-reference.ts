// Writes the generated sections of README.md: the action's inputs and outputs
// (from action.yml) and the manifest reference (from schema/content.schema.json).
// `node scripts/readme-reference.ts` rewrites them; `--check` only reports a
// difference. test/readme/ fails when README.md is out of step.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export type JsonSchema = {
  type?: string | string[];
  description?: string;
  default?: unknown;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
  format?: string;
  pattern?: string;
  minimum?: number;
};

interface ActionYml {
  inputs?: Record<string, { description?: string; required?: boolean; default?: string }>;
  outputs?: Record<string, { description?: string }>;
}

export const SECTIONS = ['inputs', 'outputs', 'manifest-reference'] as const;
export type Section = (typeof SECTIONS)[number];

function cell(text: string): string {
  return text
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

function code(text: string): string {
  return text === '' ? "`''`" : `\`${text.replace(/`/g, "'")}\``;
}

export function inputsTable(actionYml: string): string {
  const action = parse(actionYml) as ActionYml;
  const rows = Object.entries(action.inputs ?? {}).map(([name, input]) => {
    const fallback = input.required ? 'required' : code(input.default ?? '');
    return `| \`${name}\` | ${cell(fallback)} | ${cell(input.description ?? '')} |`;
  });
  return ['| input | default | description |', '|---|---|---|', ...rows].join('\n');
}

export function outputsTable(actionYml: string): string {
  const action = parse(actionYml) as ActionYml;
  const rows = Object.entries(action.outputs ?? {}).map(
    ([name, output]) => `| \`${name}\` | ${cell(output.description ?? '')} |`,
  );
  return ['| output | description |', '|---|---|', ...rows].join('\n');
}

// ---- manifest reference ----

interface Row {
  path: string;
  type: string;
  required: boolean;
  default: unknown;
  description: string;
}

function resolve(node: JsonSchema, root: JsonSchema): JsonSchema {
  let current = node;
  for (let depth = 0; current.$ref !== undefined && depth < 20; depth++) {
    const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(current.$ref);
    const target = match ? root[match[1] as '$defs' | 'definitions']?.[match[2]!] : undefined;
    if (!target) break;
    const { $ref: _ref, ...rest } = current;
    current = { ...target, ...rest };
  }
  return current;
}

function variants(node: JsonSchema, root: JsonSchema): JsonSchema[] {
  const resolved = resolve(node, root);
  const alternatives = resolved.anyOf ?? resolved.oneOf;
  if (alternatives) return alternatives.flatMap((alternative) => variants(alternative, root));
  if (resolved.allOf) return resolved.allOf.flatMap((part) => variants(part, root));
  return [resolved];
}

export function typeOf(node: JsonSchema, root: JsonSchema): string {
  const names = variants(node, root).map((variant): string => {
    if (variant.enum)
      return variant.enum
        .map((value) => (typeof value === 'string' ? value : JSON.stringify(value)))
        .join(' | ');
    if (variant.const !== undefined) return JSON.stringify(variant.const);
    const type = Array.isArray(variant.type) ? variant.type.join(' or ') : variant.type;
    if (type === 'array') return `list of ${variant.items ? typeOf(variant.items, root) : 'values'}`;
    if (type === 'object') {
      if (variant.properties) return `{${Object.keys(variant.properties).join(', ')}}`;
      return 'mapping';
    }
    if (type === 'string' && variant.format === 'date-time') return 'date-time';
    return type ?? 'any';
  });
  return [...new Set(names)].join(' or ');
}

function formatDefault(value: unknown): string {
  if (value === undefined) return '';
  return code(typeof value === 'string' ? value : JSON.stringify(value));
}

function collect(node: JsonSchema, root: JsonSchema, prefix: string, rows: Row[]): void {
  for (const variant of variants(node, root)) {
    const target = variant.type === 'array' && variant.items ? variant.items : variant;
    const itemPrefix = target === variant ? prefix : `${prefix}[]`;
    for (const object of variants(target, root)) {
      for (const [key, child] of Object.entries(object.properties ?? {})) {
        const path = itemPrefix === '' ? key : `${itemPrefix}.${key}`;
        if (rows.some((row) => row.path === path)) continue;
        const resolved = resolve(child, root);
        rows.push({
          path,
          type: typeOf(child, root),
          required: object.required?.includes(key) ?? false,
          default: resolved.default,
          description: resolved.description ?? '',
        });
        collect(child, root, path, rows);
      }
    }
  }
}

export function manifestReference(schemaJson: string): string {
  const root = JSON.parse(schemaJson) as JsonSchema;
  const rows: Row[] = [];
  collect(root, root, '', rows);
  const lines = rows.map(
    (row) =>
      `| \`${row.path}\` | ${cell(row.type)} | ${row.required ? 'required' : formatDefault(row.default)} | ${cell(row.description)} |`,
  );
  return ['| field | type | default | description |', '|---|---|---|---|', ...lines].join('\n');
}

// ---- README markers ----

const marker = (section: Section, edge: 'start' | 'end'): string =>
  `<!-- generated:${section}:${edge} (scripts/readme-reference.ts) -->`;

/** The text between a section's markers, or null when the markers are missing. */
export function readSection(readme: string, section: Section): string | null {
  const start = readme.indexOf(marker(section, 'start'));
  const end = readme.indexOf(marker(section, 'end'));
  if (start < 0 || end < start) return null;
  return readme.slice(start + marker(section, 'start').length, end).trim();
}

export function writeSection(readme: string, section: Section, body: string): string {
  const start = readme.indexOf(marker(section, 'start'));
  const end = readme.indexOf(marker(section, 'end'));
  if (start < 0 || end < start) {
    throw new Error(`README.md has no ${marker(section, 'start')} … ${marker(section, 'end')} markers`);
  }
  return `${readme.slice(0, start)}${marker(section, 'start')}\n${body}\n${readme.slice(end)}`;
}

export function generatedSections(root: string): Record<Section, string> {
  const actionYml = readFileSync(join(root, 'action.yml'), 'utf8');
  const schema = readFileSync(join(root, 'schema', 'content.schema.json'), 'utf8');
  return {
    inputs: inputsTable(actionYml),
    outputs: outputsTable(actionYml),
    'manifest-reference': manifestReference(schema),
  };
}

export function updateReadme(readme: string, sections: Record<Section, string>): string {
  let out = readme;
  for (const section of SECTIONS) out = writeSection(out, section, sections[section]);
  return out;
}

if (import.meta.main) {
  const root = process.cwd();
  const path = join(root, 'README.md');
  const readme = readFileSync(path, 'utf8');
  const updated = updateReadme(readme, generatedSections(root));
  if (process.argv.includes('--check')) {
    if (updated !== readme) {
      process.stderr.write('README.md is out of step: run node scripts/readme-reference.ts\n');
      process.exit(1);
    }
  } else if (updated !== readme) {
    writeFileSync(path, updated);
    process.stdout.write('README.md: generated sections updated\n');
  } else {
    process.stdout.write('README.md: generated sections already up to date\n');
  }
}
