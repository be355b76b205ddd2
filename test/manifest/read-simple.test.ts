import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSimpleSource } from '../../src/manifest/read-simple.ts';
import { readSource } from '../../src/manifest/read-yaml.ts';
import type { LNode, Source } from '../../src/manifest/tree.ts';

// The fast reader is a shortcut, never a second opinion: on every text it
// reads, it must build the tree the yaml library builds (values, key order,
// the line and column of every key and value), and only where that reader
// finds no problem at all. Where it is unsure it returns null.

const ROOT = join(import.meta.dirname, '../..');

/** A tree as nested arrays: Map order and positions both count. */
function canonical(node: LNode): unknown {
  const at = [node.pos.file, node.pos.line, node.pos.column];
  if (node.kind === 'scalar') return ['scalar', at, node.value];
  if (node.kind === 'seq') return ['seq', at, node.items.map(canonical)];
  return [
    'map',
    at,
    [...node.entries].map(([key, entry]) => [
      key,
      entry.keyPos.line,
      entry.keyPos.column,
      canonical(entry.value),
    ]),
  ];
}

/** Checks the promise on one text; returns whether the fast reader took it. */
function agrees(text: string): boolean {
  const fast = readSimpleSource('m.yml', text);
  if (fast === null) return false;
  const full: Source = readSource('m.yml', text);
  expect(full.problems, `the yaml library finds problems in a text the fast reader took:\n${text}`).toEqual(
    [],
  );
  expect(fast.problems).toEqual([]);
  expect(full.root).not.toBeNull();
  expect(canonical(fast.root!), text).toEqual(canonical(full.root!));
  return true;
}

function yamlFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.ya?ml$/.test(name))
    .map((name) => join(folder, name));
}

describe('the fast YAML reader', () => {
  it('reads every example manifest and defaults file, as the yaml library does', () => {
    const files = yamlFiles(join(ROOT, 'examples/content'));
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const file of files) {
      expect(agrees(readFileSync(file, 'utf8')), relative(ROOT, file)).toBe(true);
    }
  });

  it('agrees with the yaml library on every fixture it takes, good or bad', () => {
    const files = [...yamlFiles(join(ROOT, 'test/fixtures')), ...yamlFiles(join(ROOT, 'examples'))];
    let taken = 0;
    for (const file of files) if (agrees(readFileSync(file, 'utf8'))) taken++;
    expect(taken).toBeGreaterThan(0);
  });

  it.each([
    ['an anchor', 'a: &x 1\nb: *x\n'],
    ['a tag', 'a: !!str 1\n'],
    ['a null', 'a:\nb: 1\n'],
    ['a float', 'a: 1.5\n'],
    ['a plain scalar over two lines', 'a: one\n  two\n'],
    ['a folded scalar', 'a: >\n  one\n  two\n'],
    ['a duplicate key', 'a: 1\na: 2\n'],
    ['a tab', 'a:\t1\n'],
    ['CRLF line ends', 'a: 1\r\nb: 2\r\n'],
    ['a list at the top', '- a\n- b\n'],
    ['an empty file', ''],
    ['a second document', 'a: 1\n---\nb: 2\n'],
    ['a key that is a boolean', 'True: 1\n'],
    ['__proto__', '__proto__: 1\n'],
  ])('leaves %s to the yaml library', (_what, text) => {
    expect(readSimpleSource('m.yml', text)).toBeNull();
  });

  it('reads what manifests use: block and flow collections, quotes, literal scripts, comments', () => {
    const text = [
      '# yaml-language-server: $schema=../schema/content.schema.json',
      'title: "Why \\"octopuses\\" have three hearts"  # quoted',
      "description: 'It''s blue'",
      'full_text: |',
      '  Line one.',
      '',
      '    Indented line; # not a comment',
      'textover: |-',
      '  Kept without the last line break.',
      'hashtags: [ocean, "a b", 5]',
      'stage: published',
      'video:',
      '   image_overlay: {}',
      '   subtitles: { size: 3, font: "Inter" }',
      'publish:',
      '  accounts:',
      '  - id: 3f1c',
      '  -   platform: YouTube',
      '      name: Ocean Facts # trailing',
      '  - { platform: TikTok, name: oceanfacts }',
      '  at: 2026-12-01T15:00:00Z',
      '  category: 22',
      '  made_for_kids: false',
      '',
    ].join('\n');
    expect(readSimpleSource('m.yml', text)).not.toBeNull();
    expect(agrees(text)).toBe(true);
  });
});

// Generated texts: trees of the manifest's shapes, laid out in the styles
// people write (and some they should not), then mutated a little.

const SCALARS = [
  'x',
  'hello world',
  'C# tips',
  'a #b',
  'a: b',
  'a:b',
  'https://example.com/x?y=1',
  '22',
  '0',
  '007',
  '-1',
  '+1',
  '1.5',
  '1e3',
  '.inf',
  '.NaN',
  '0x1F',
  '0o17',
  '123456789012345678',
  'true',
  'True',
  'FALSE',
  'yes',
  'on',
  'null',
  'Null',
  '~',
  '',
  ' ',
  'trailing  ',
  '  leading',
  '2026-12-01T15:00:00Z',
  "it's",
  'say "hi"',
  '[x]',
  '{x}',
  '-x',
  '- x',
  '?x',
  ':x',
  '*a',
  '&a',
  '!t',
  '|',
  '>',
  '%x',
  '@x',
  '`x',
  'été ünïcödé',
  '\u{1F600}',
  'back\\slash',
  'a,b',
  'a, b',
  'x  #  y',
  '#tag',
  'a\nb',
  'line one\nline two\n',
  '\nstarts empty',
  'ends with spaces   \nnext',
];
const KEYS = ['title', 'a', 'b_c', 'post-mode', 'true', 'null', 'Null', 'on', 'x1', '__proto__', 'y', 'k'];

type Tree = string | Tree[] | Array<[string, Tree]> | { map: Array<[string, Tree]> };

const tree: fc.Arbitrary<Tree> = fc.letrec<{ node: Tree }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    fc.constantFrom(...SCALARS),
    fc.array(tie('node'), { maxLength: 3 }),
    fc.array(fc.tuple(fc.constantFrom(...KEYS), tie('node')), { maxLength: 4 }).map((map) => ({ map })),
  ),
})).node;

interface Style {
  step: number;
  sameIndentLists: boolean;
  flow: boolean;
  quote: 'plain' | 'single' | 'double' | 'mixed';
  literal: '|' | '|-' | '|+' | '>' | 'none';
  comments: boolean;
  blankSpaces: number;
}

const style: fc.Arbitrary<Style> = fc.record({
  step: fc.integer({ min: 1, max: 4 }),
  sameIndentLists: fc.boolean(),
  flow: fc.boolean(),
  quote: fc.constantFrom('plain', 'single', 'double', 'mixed'),
  literal: fc.constantFrom('|', '|-', '|+', '>', 'none'),
  comments: fc.boolean(),
  blankSpaces: fc.integer({ min: 0, max: 6 }),
});

function scalar(text: string, s: Style, salt: number): string {
  const quote = s.quote === 'mixed' ? (['plain', 'single', 'double'] as const)[salt % 3]! : s.quote;
  if (quote === 'single') return `'${text.replaceAll("'", "''")}'`;
  if (quote === 'double') return JSON.stringify(text);
  return text;
}

function render(node: Tree, s: Style, indent: number, out: string[], lead: string): void {
  const pad = ' '.repeat(indent);
  const isMap = typeof node === 'object' && !Array.isArray(node);
  if (typeof node === 'string') {
    out.push(`${lead}${scalar(node, s, out.length)}${s.comments && out.length % 3 === 0 ? ' # note' : ''}`);
    return;
  }
  const entries = isMap ? node.map : null;
  const items = isMap ? null : (node as Tree[]);
  const values = entries ? entries.map(([, value]) => value) : items!;
  if (s.flow && values.every((value) => typeof value === 'string')) {
    const inner = entries
      ? entries.map(([k, v]) => `${k}: ${scalar(v as string, s, k.length)}`)
      : items!.map((v, i) => scalar(v as string, s, i));
    out.push(`${lead}${entries ? `{ ${inner.join(', ')} }` : `[${inner.join(', ')}]`}`);
    return;
  }
  if (values.length === 0) {
    out.push(`${lead}${entries ? '{}' : '[]'}`);
    return;
  }
  if (lead.trim() !== '') out.push(lead.trimEnd());
  if (entries) {
    for (const [key, value] of entries) {
      if (s.comments && out.length % 4 === 1) out.push(`${' '.repeat(out.length % 5)}# comment`);
      if (s.blankSpaces > 0 && out.length % 5 === 2) out.push(' '.repeat(s.blankSpaces));
      if (typeof value === 'string' && value.includes('\n') && s.literal !== 'none') {
        out.push(`${pad}${key}: ${s.literal}`);
        for (const line of value.split('\n'))
          out.push(line === '' ? '' : `${pad}${' '.repeat(s.step)}${line}`);
        continue;
      }
      const childIndent = Array.isArray(value) && s.sameIndentLists && !s.flow ? indent : indent + s.step;
      render(value, s, childIndent, out, `${pad}${key}: `);
    }
  } else {
    for (const value of items!) {
      render(value, s, indent + 2, out, `${pad}- `);
    }
  }
}

function layout(node: Tree, s: Style): string {
  const out: string[] = [];
  const root =
    typeof node === 'object' && !Array.isArray(node)
      ? node
      : { map: [['title', node]] as Array<[string, Tree]> };
  render(root, s, 0, out, '');
  return `${out.join('\n')}\n`;
}

const mutation = fc.oneof(
  fc.constant((text: string) => text),
  fc.constant((text: string) => text),
  fc.tuple(fc.nat(), fc.constantFrom(' ', '\n', ':', '#', '-', "'", '"', '|', '  ', '\t', '[', '}')).map(
    ([at, char]) =>
      (text: string) =>
        text.slice(0, at % (text.length + 1)) + char + text.slice(at % (text.length + 1)),
  ),
  fc.nat().map((at) => (text: string) => {
    const i = at % Math.max(text.length, 1);
    return text.slice(0, i) + text.slice(i + 1);
  }),
  fc.nat().map((at) => (text: string) => {
    const lines = text.split('\n');
    const i = at % lines.length;
    lines.splice(i, 0, lines[i]!);
    return lines.join('\n');
  }),
);

describe('the fast YAML reader on generated texts', () => {
  it('builds the same tree as the yaml library whenever it reads a text', () => {
    let taken = 0;
    let runs = 0;
    fc.assert(
      fc.property(tree, style, mutation, (node, s, mutate) => {
        runs++;
        const text = mutate(layout(node, s));
        if (agrees(text)) taken++;
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 4000) },
    );
    // The promise is not vacuous: a fair share of the texts take the fast path.
    if (process.env.FUZZ_RUNS) console.log({ taken, runs });
    expect(taken / runs).toBeGreaterThan(0.15);
  });
});
